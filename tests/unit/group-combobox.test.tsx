// @vitest-environment jsdom
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, test, vi } from 'vitest';
import { GroupCombobox } from '@/app/_components/group-combobox';

const GROUPS = [
  { id: 'gastro-west', name: 'Gastro Service West', customerNumber: '100205' },
  { id: 'hotel-east', name: 'Hotel Supply East Ltd', customerNumber: '100310' },
  { id: 'north', name: 'KitchenPro Nord GmbH', customerNumber: '100101' },
  { id: 'south', name: 'KitchenPro Süd GmbH' },
];
const LABELS = {
  label: 'Group',
  placeholder: 'No group selected',
  hint: 'Type to search.',
  showAll: 'Show all groups',
  found: 'Matching groups: {count}',
  none: 'No group matches your search.',
  customerNumber: 'Customer no. {number}',
};

function setup(defaultId?: string) {
  const onSelect = vi.fn();
  const { container } = render(<GroupCombobox id="group" name="groupId" groups={GROUPS} defaultId={defaultId} labels={LABELS} onSelect={onSelect} />);
  const input = screen.getByRole('combobox', { name: 'Group' }) as HTMLInputElement;
  const posted = () => (container.querySelector('input[type="hidden"][name="groupId"]') as HTMLInputElement).value;
  const options = () => screen.queryAllByRole('option');
  const key = (k: string, extra: object = {}) => fireEvent.keyDown(input, { key: k, ...extra });
  return { input, posted, options, key, onSelect };
}

describe('GroupCombobox (WAI-ARIA editable combobox with list autocomplete)', () => {
  test('starts closed, labelled, with the placeholder and nothing to post', () => {
    const { input, posted, options } = setup();
    expect(input.getAttribute('aria-expanded')).toBe('false');
    expect(input.getAttribute('aria-autocomplete')).toBe('list');
    expect(input.getAttribute('placeholder')).toBe('No group selected');
    expect(input.getAttribute('aria-describedby')).toBe('group-hint');
    expect(options()).toHaveLength(0);
    expect(posted()).toBe('');
  });

  test('a second ArrowDown pressed before the next frame is kept (the scroll after opening does not move it back)', async () => {
    const { input, options, key } = setup();
    key('ArrowDown');
    key('ArrowDown');
    expect(input.getAttribute('aria-activedescendant')).toBe(options()[1].id);
    await new Promise((resolve) => requestAnimationFrame(() => resolve(undefined)));
    await new Promise((resolve) => requestAnimationFrame(() => resolve(undefined)));
    expect(input.getAttribute('aria-activedescendant')).toBe(options()[1].id);
  });

  test('ArrowDown opens the list; arrows move the active option with wrap-around; Enter chooses it', () => {
    const { input, posted, options, key, onSelect } = setup();
    key('ArrowDown');
    expect(input.getAttribute('aria-expanded')).toBe('true');
    expect(options()).toHaveLength(4);
    expect(input.getAttribute('aria-activedescendant')).toBe(options()[0].id);
    key('ArrowUp');
    expect(input.getAttribute('aria-activedescendant')).toBe(options()[3].id);
    key('ArrowDown');
    key('ArrowDown');
    expect(input.getAttribute('aria-activedescendant')).toBe(options()[1].id);
    key('Enter');
    expect(input.value).toBe('Hotel Supply East Ltd');
    expect(posted()).toBe('hotel-east');
    expect(onSelect).toHaveBeenCalledWith(GROUPS[1]);
    expect(input.getAttribute('aria-expanded')).toBe('false');
    expect(input.hasAttribute('aria-activedescendant')).toBe(false);
  });

  test('typing filters by name, accent-free text or customer number, and announces the count', () => {
    const { input, options, key, posted } = setup();
    fireEvent.change(input, { target: { value: 'sud' } });
    expect(options().map((o) => o.textContent)).toEqual(['KitchenPro Süd GmbH']);
    expect(screen.getByRole('status').textContent).toBe('Matching groups: 1');
    fireEvent.change(input, { target: { value: '100310' } });
    expect(options().map((o) => o.textContent)).toEqual(['Hotel Supply East LtdCustomer no. 100310']);
    // Enter with exactly one match takes it, even before an arrow key.
    key('Enter');
    expect(posted()).toBe('hotel-east');
  });

  test('no match: no empty listbox, the box says so, and the popup counts as closed', () => {
    const { input, key } = setup();
    fireEvent.change(input, { target: { value: 'zzz' } });
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(input.getAttribute('aria-expanded')).toBe('false');
    expect(screen.getByRole('status').textContent).toBe('No group matches your search.');
    expect(screen.getAllByText('No group matches your search.')).toHaveLength(2);
    key('ArrowDown');
    expect(input.hasAttribute('aria-activedescendant')).toBe(false);
  });

  test('Escape closes and restores the chosen name; a second Escape clears the choice', () => {
    const { input, posted, key, onSelect } = setup('north');
    expect(input.value).toBe('KitchenPro Nord GmbH');
    expect(posted()).toBe('north');
    fireEvent.change(input, { target: { value: 'hot' } });
    key('Escape');
    expect(input.value).toBe('KitchenPro Nord GmbH');
    expect(posted()).toBe('north');
    key('Escape');
    expect(input.value).toBe('');
    expect(posted()).toBe('');
    expect(onSelect).toHaveBeenLastCalledWith(undefined);
  });

  test('opening with a choice shows the whole list with the chosen option selected and active', () => {
    const { options, key, input } = setup('south');
    key('ArrowDown');
    expect(options()).toHaveLength(4);
    const selected = options().filter((o) => o.getAttribute('aria-selected') === 'true');
    expect(selected.map((o) => o.textContent)).toEqual(['KitchenPro Süd GmbH']);
    expect(input.getAttribute('aria-activedescendant')).toBe(selected[0].id);
  });

  test('a click on an option chooses it; leaving with half a search restores the choice', () => {
    const { input, options, posted } = setup();
    fireEvent.click(screen.getByRole('button', { name: 'Show all groups' }));
    fireEvent.click(options()[2]);
    expect(posted()).toBe('north');
    fireEvent.change(input, { target: { value: 'gas' } });
    fireEvent.blur(input);
    expect(input.value).toBe('KitchenPro Nord GmbH');
    expect(posted()).toBe('north');
  });

  test('an error is linked to the field and marks it invalid', () => {
    render(<GroupCombobox id="group" name="groupId" groups={GROUPS} labels={LABELS} error="Please select a group." onSelect={() => {}} />);
    const input = screen.getByRole('combobox', { name: 'Group' });
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('aria-describedby')).toBe('group-hint group-error');
    expect(document.getElementById('group-error')?.textContent).toBe('Please select a group.');
  });
});
