'use client';

import { NewTabLink } from '@/app/_components/new-tab-link';
import type { useFieldRules } from '@/app/_components/use-field-rules';
import type { RegistrationField } from '@/lib/validation/registration-fields';

/** The registration form's fields that are not text boxes: yes/no boxes, a choice of one, and their errors. */

type Registration = ReturnType<ReturnType<typeof useFieldRules>['field']>;

/** The field's handlers on a select: they read only the event's target and type, which a select's events have too. */
export function selectHandlers({ name, onChange, onBlur }: Registration) {
  type Handler = React.EventHandler<React.SyntheticEvent<HTMLSelectElement>>;
  return { name, onChange: onChange as unknown as Handler, onBlur: onBlur as unknown as Handler };
}

export function FieldError({ id, error }: { id: string; error: string | undefined }) {
  return error ? (
    <p id={`${id}-error`} className="field-error">
      {error}
    </p>
  ) : null;
}

/**
 * A yes/no box; a consent's label carries its link (the terms) as the tenant gave it, opening in a
 * new tab so the form stays as filled in (D50). A required box says so to assistive technology.
 */
export function Box({
  field,
  label,
  newTab,
  checked,
  error,
  autoFocus,
  ...registration
}: { field: RegistrationField; label: React.ReactNode; newTab: string; checked: boolean; error?: string; autoFocus: boolean } & Registration) {
  const consent = field.consent;
  return (
    <div className="field">
      <label className="checkbox">
        <input
          type="checkbox"
          id={field.key}
          defaultChecked={checked}
          autoFocus={autoFocus}
          required={field.required}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${field.key}-error` : undefined}
          {...registration}
        />
        {consent ? (
          <span>
            {consent.before}
            {consent.link ? (
              <NewTabLink href={consent.link.href} newTab={newTab}>
                {consent.link.text}
              </NewTabLink>
            ) : null}
            {consent.after}
          </span>
        ) : (
          label
        )}
      </label>
      <FieldError id={field.key} error={error} />
    </div>
  );
}

/** A choice of one: a group named by its legend, the first option carrying the field's id (the summary's link). */
export function Radios({
  field,
  label,
  optionsLang,
  value,
  error,
  autoFocus,
  ...registration
}: { field: RegistrationField; label: React.ReactNode; optionsLang?: string; value: string; error?: string; autoFocus: boolean } & Registration) {
  return (
    <fieldset className="field radios" role="radiogroup" aria-invalid={error ? true : undefined} aria-describedby={error ? `${field.key}-error` : undefined}>
      <legend>{label}</legend>
      {field.options.map((o, i) => (
        <label className="checkbox" key={o.key}>
          <input
            type="radio"
            id={i === 0 ? field.key : `${field.key}-${i}`}
            value={o.key}
            defaultChecked={value === o.key}
            autoFocus={autoFocus && i === 0}
            {...registration}
          />
          {optionsLang ? <span lang={optionsLang}>{o.label}</span> : o.label}
        </label>
      ))}
      <FieldError id={field.key} error={error} />
    </fieldset>
  );
}
