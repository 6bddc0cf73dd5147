import { describe, expect, test } from 'vitest';
import { groupIdError, groupNameIn, matchesGroup, resolveGroupChoice, sortGroups, type GroupOption } from '@/lib/flows/groups';

const NORTH: GroupOption = { id: 'kitchenpro-north', name: 'KitchenPro Nord GmbH', customerNumber: '100101' };
const SOUTH: GroupOption = { id: 'kitchenpro-south', name: 'KitchenPro Süd GmbH', customerNumber: '100102' };
const CAFE: GroupOption = { id: 'cafe-central', name: 'Café Central' };
const GROUPS = [NORTH, SOUTH, CAFE];

describe('resolveGroupChoice', () => {
  test('a group_id that is offered signs in with that group at once', () => {
    expect(resolveGroupChoice({ groups: GROUPS, requestedId: SOUTH.id, rememberedId: NORTH.id })).toEqual({ kind: 'sign-in', group: SOUTH });
  });

  test('a group_id that is not offered is the non-existing-group error, with the remembered group still preselected', () => {
    expect(resolveGroupChoice({ groups: GROUPS, requestedId: 'gone', rememberedId: NORTH.id })).toEqual({
      kind: 'pick',
      preselectedId: NORTH.id,
      error: 'groupNotFound',
      forgetRemembered: false,
    });
    expect(resolveGroupChoice({ groups: GROUPS, requestedId: '' })).toMatchObject({ kind: 'pick', error: 'groupNotFound' });
  });

  test('the remembered group is preselected while offered, and forgotten once it is not', () => {
    expect(resolveGroupChoice({ groups: GROUPS, rememberedId: CAFE.id })).toEqual({ kind: 'pick', preselectedId: CAFE.id, forgetRemembered: false });
    expect(resolveGroupChoice({ groups: GROUPS, rememberedId: 'left-the-company' })).toEqual({
      kind: 'pick',
      preselectedId: undefined,
      forgetRemembered: true,
    });
    expect(resolveGroupChoice({ groups: GROUPS })).toEqual({ kind: 'pick', preselectedId: undefined, forgetRemembered: false });
  });

  test('with a single group the screen still offers it (the provider decides whether to ask), already chosen', () => {
    expect(resolveGroupChoice({ groups: [CAFE] })).toEqual({ kind: 'pick', preselectedId: CAFE.id, forgetRemembered: false });
    // A remembered group of another account is forgotten; the one group is still the choice.
    expect(resolveGroupChoice({ groups: [CAFE], rememberedId: NORTH.id })).toEqual({ kind: 'pick', preselectedId: CAFE.id, forgetRemembered: true });
    expect(resolveGroupChoice({ groups: [CAFE], requestedId: 'gone' })).toEqual({
      kind: 'pick',
      preselectedId: CAFE.id,
      error: 'groupNotFound',
      forgetRemembered: false,
    });
  });
});

describe('the chosen group on the signed-in page (groupNameIn)', () => {
  const claimed = { id: 'hotel-supply-east', name: 'Hotel Supply East Ltd' };
  const shown = { id: 'hotel-supply-east', name: 'Hotelbedarf Ost GmbH', locale: 'de-DE' };

  test('named as the list named it when it was chosen in the page’s language, not as the tokens name it', () => {
    expect(groupNameIn(claimed, 'de-DE', shown)).toBe('Hotelbedarf Ost GmbH');
  });

  test('in another language, or for another group, the tokens’ name; without one, the id', () => {
    expect(groupNameIn(claimed, 'fr-FR', shown)).toBe('Hotel Supply East Ltd');
    expect(groupNameIn({ id: 'kitchenpro-north', name: 'KitchenPro North Ltd' }, 'de-DE', shown)).toBe('KitchenPro North Ltd');
    expect(groupNameIn(claimed, 'de-DE', { id: shown.id })).toBe('Hotel Supply East Ltd');
    expect(groupNameIn({ id: 'kitchenpro-north' }, 'de-DE', undefined)).toBe('kitchenpro-north');
  });
});

describe('group ids are checked before any use', () => {
  test.each([
    ['', 'groupRequired'],
    ['kitchenpro-north', undefined],
    ['grp_300103', undefined],
    ['x'.repeat(64), undefined],
    ['x'.repeat(65), 'groupNotFound'],
    ['../evil', 'groupNotFound'],
    ['a b', 'groupNotFound'],
    ['grp%2F1', 'groupNotFound'],
    ['ä', 'groupNotFound'],
  ])('%j → %s', (value, key) => {
    expect(groupIdError(value)).toBe(key);
  });
});

describe('search and order', () => {
  test('matches name, customer number and id, ignoring case and accents; every word must match', () => {
    expect(matchesGroup(SOUTH, 'sud')).toBe(true);
    expect(matchesGroup(SOUTH, 'SÜD')).toBe(true);
    expect(matchesGroup(CAFE, 'cafe')).toBe(true);
    expect(matchesGroup(NORTH, '100101')).toBe(true);
    expect(matchesGroup(NORTH, 'kitchenpro-north')).toBe(true);
    expect(matchesGroup(NORTH, 'kitchenpro gmbh nord')).toBe(true);
    expect(matchesGroup(NORTH, 'kitchenpro süd')).toBe(false);
    expect(matchesGroup(NORTH, '   ')).toBe(true);
  });

  test("sorts by name in the person's language, numbers in numeric order", () => {
    const groups = [
      { id: '1', name: 'Zeta 10' },
      { id: '2', name: 'Äpfel' },
      { id: '3', name: 'Zeta 9' },
      { id: '4', name: 'apple' },
    ];
    expect(sortGroups(groups, 'de-DE').map((g) => g.name)).toEqual(['Äpfel', 'apple', 'Zeta 9', 'Zeta 10']);
    expect(sortGroups(groups, 'sv-SE').map((g) => g.name)).toEqual(['apple', 'Zeta 9', 'Zeta 10', 'Äpfel']);
    expect(groups[0].name).toBe('Zeta 10');
  });
});
