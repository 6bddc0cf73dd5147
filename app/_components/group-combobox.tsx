'use client';

import { useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { matchesGroup, type GroupOption } from '@/lib/flows/groups';

export type GroupComboboxLabels = {
  label: string;
  placeholder: string;
  hint: string;
  showAll: string;
  /** "{count}" is replaced by the number of matching groups. */
  found: string;
  none: string;
  /** "{number}" is replaced by the customer number. */
  customerNumber: string;
};

type Props = {
  id: string;
  name: string;
  groups: GroupOption[];
  defaultId?: string;
  error?: string;
  labels: GroupComboboxLabels;
  onSelect: (group: GroupOption | undefined) => void;
};

const PAGE = 10;

/**
 * The searchable group list: the WAI-ARIA editable combobox with list autocomplete
 * (https://www.w3.org/WAI/ARIA/apg/patterns/combobox/). Focus stays in the text box; arrow keys
 * move the active option (aria-activedescendant), Enter or a click chooses it, Escape closes the
 * list and then clears the text. Typing filters by name, customer number and id. The choice is
 * what the form posts, in a hidden field of the same name the no-script select uses.
 */
export function GroupCombobox({ id, name, groups, defaultId, error, labels, onSelect }: Props) {
  const listId = useId();
  const labelId = `${id}-label`;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const inputRef = useRef<HTMLInputElement>(null);
  const [selected, setSelected] = useState(() => groups.find((g) => g.id === defaultId));
  const [text, setText] = useState(selected?.name ?? '');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  // While the text shows the chosen group, the whole list is offered; typing narrows it.
  const query = selected && text === selected.name ? '' : text;
  const matches = useMemo(() => groups.filter((g) => matchesGroup(g, query)), [groups, query]);

  // An empty listbox is not a list: with no match the box says so in text instead.
  const shown = open && matches.length > 0;
  const optionId = (index: number) => `${listId}-option-${index}`;
  const moveTo = (index: number) => {
    setActive(index);
    if (index >= 0) document.getElementById(optionId(index))?.scrollIntoView?.({ block: 'nearest' });
  };
  const openAt = (index: number) => {
    setOpen(true);
    setActive(index);
    // The list renders on this update: scroll to the active option once it is there, whichever
    // that is by then (a second arrow key pressed before the frame has already moved on).
    requestAnimationFrame(() => {
      const current = inputRef.current?.getAttribute('aria-activedescendant');
      if (current) document.getElementById(current)?.scrollIntoView?.({ block: 'nearest' });
    });
  };
  const choose = (group: GroupOption) => {
    setSelected(group);
    setText(group.name);
    setOpen(false);
    setActive(-1);
    onSelect(group);
  };
  const close = () => {
    setOpen(false);
    setActive(-1);
    // Leaving the box with half a search restores the choice, or empties it when there is none.
    setText(selected?.name ?? '');
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const last = matches.length - 1;
    const selectedIndex = selected ? matches.findIndex((g) => g.id === selected.id) : -1;
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        if (!open) openAt(event.altKey ? -1 : Math.max(selectedIndex, 0));
        else if (matches.length > 0) moveTo(active >= last ? 0 : active + 1);
        return;
      case 'ArrowUp':
        event.preventDefault();
        if (!open) openAt(selectedIndex >= 0 ? selectedIndex : last);
        else if (matches.length > 0) moveTo(active <= 0 ? last : active - 1);
        return;
      case 'PageDown':
        if (!open || matches.length === 0) return;
        event.preventDefault();
        moveTo(Math.min(last, Math.max(active, 0) + PAGE));
        return;
      case 'PageUp':
        if (!open || matches.length === 0) return;
        event.preventDefault();
        moveTo(Math.max(0, active - PAGE));
        return;
      case 'Enter': {
        if (!open) return; // the form submits
        const pick = active >= 0 ? matches[active] : matches.length === 1 ? matches[0] : undefined;
        event.preventDefault();
        if (pick) choose(pick);
        return;
      }
      case 'Escape':
        event.preventDefault();
        if (open) return close();
        setSelected(undefined);
        setText('');
        onSelect(undefined);
        return;
      case 'Tab':
        if (open) close();
        return;
    }
  };

  const described = [hintId, error ? errorId : undefined].filter(Boolean).join(' ');
  return (
    <div className="field">
      <label id={labelId} htmlFor={id}>
        {labels.label}
      </label>
      <p id={hintId} className="hint">
        {labels.hint}
      </p>
      <div className="combobox">
        <input
          ref={inputRef}
          id={id}
          type="text"
          role="combobox"
          // The screen's one field: where the cursor starts (the form is named by the heading).
          autoFocus
          autoComplete="off"
          spellCheck={false}
          placeholder={labels.placeholder}
          aria-autocomplete="list"
          aria-expanded={shown}
          aria-controls={listId}
          aria-activedescendant={shown && active >= 0 ? optionId(active) : undefined}
          aria-describedby={described}
          aria-invalid={error ? true : undefined}
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setOpen(true);
            setActive(-1);
          }}
          onKeyDown={onKeyDown}
          onBlur={close}
          onClick={() => (open ? undefined : openAt(-1))}
        />
        <button
          type="button"
          className="combobox-toggle"
          tabIndex={-1}
          aria-label={labels.showAll}
          aria-expanded={shown}
          aria-controls={listId}
          // Keeps focus (and so the open list) in the text box.
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => {
            inputRef.current?.focus();
            if (open) close();
            else openAt(-1);
          }}
        >
          <span aria-hidden="true" className="chevron" />
        </button>
        <ul id={listId} role="listbox" aria-labelledby={labelId} hidden={!shown} className="combobox-list">
          {shown
            ? matches.map((group, index) => (
                <li
                  key={group.id}
                  id={optionId(index)}
                  role="option"
                  // As in the WAI-ARIA example: the option the arrow keys are on is the selected one.
                  aria-selected={index === active}
                  className={[index === active ? 'active' : '', group.id === selected?.id ? 'chosen' : ''].join(' ').trim() || undefined}
                  onMouseDown={(event) => event.preventDefault()}
                  onClick={() => choose(group)}
                >
                  <span>{group.name}</span>
                  {group.customerNumber ? <span className="customer-number">{labels.customerNumber.replace('{number}', group.customerNumber)}</span> : null}
                </li>
              ))
            : null}
        </ul>
        {open && matches.length === 0 ? <p className="combobox-empty">{labels.none}</p> : null}
      </div>
      <p role="status" className="visually-hidden">
        {open && query ? (matches.length === 0 ? labels.none : labels.found.replace('{count}', String(matches.length))) : ''}
      </p>
      {error ? (
        <p id={errorId} className="field-error">
          {error}
        </p>
      ) : null}
      <input type="hidden" name={name} value={selected?.id ?? ''} />
    </div>
  );
}
