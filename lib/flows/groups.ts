import type { ErrorKey } from '../validation/form-state';

/**
 * Group selection (docs/features.md "Group selection"): which group to offer, preselect or sign in with at
 * once. Pure functions, shared by the server (page and action) and the search box in the browser.
 */
export type GroupOption = { id: string; name: string; customerNumber?: string };

/** Group ids from the address or a form are checked against this alphabet before any use. */
export const GROUP_ID = /^[A-Za-z0-9_-]{1,64}$/;

export function groupIdError(value: string): ErrorKey | undefined {
  if (value === '') return 'groupRequired';
  return GROUP_ID.test(value) ? undefined : 'groupNotFound';
}

export type GroupChoice =
  { kind: 'sign-in'; group: GroupOption } | { kind: 'pick'; preselectedId?: string; error?: 'groupNotFound'; forgetRemembered: boolean };

/**
 * A `group_id` from the address that names an offered group signs in with it at once; one that
 * does not is an error on the screen. The remembered group is preselected while it is offered
 * and forgotten once it is not; an account with one group has it preselected (a list of one with
 * "None selected" would ask a question that has one answer).
 */
export function resolveGroupChoice(args: { groups: GroupOption[]; requestedId?: string; rememberedId?: string }): GroupChoice {
  const find = (id: string | undefined) => (id === undefined ? undefined : args.groups.find((g) => g.id === id));
  const remembered = find(args.rememberedId);
  const forgetRemembered = args.rememberedId !== undefined && !remembered;
  const preselectedId = remembered?.id ?? (args.groups.length === 1 ? args.groups[0].id : undefined);
  if (args.requestedId !== undefined) {
    const requested = find(args.requestedId);
    if (requested) return { kind: 'sign-in', group: requested };
    return { kind: 'pick', preselectedId, error: 'groupNotFound', forgetRemembered };
  }
  return { kind: 'pick', preselectedId, forgetRemembered };
}

/** A group's name as the list showed it, and the language the list was in. */
export type ShownGroupName = { name: string; locale: string };

/**
 * The chosen group's name for a page in `locale`. The tokens name it in the tenant's default
 * language (the provider translates the list, not the claim), so where the person chose it from
 * a list in this page's language, that name; else the tokens' name, else its id.
 */
export function groupNameIn(group: { id: string; name?: string }, locale: string, shown?: { id: string } & Partial<ShownGroupName>): string {
  if (shown?.id === group.id && shown.locale === locale && shown.name) return shown.name;
  return group.name ?? group.id;
}

/** Alphabetical in the person's language, so a long list can be scanned by eye. */
export function sortGroups(groups: GroupOption[], locale: string): GroupOption[] {
  const collator = new Intl.Collator(locale, { sensitivity: 'base', numeric: true });
  return [...groups].sort((a, b) => collator.compare(a.name, b.name));
}

/** Case- and accent-insensitive form: "sud" finds "Süd", "KOLN" finds "Köln". */
export function searchForm(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/** Every word typed must appear in the name, the customer number or the id. */
export function matchesGroup(group: GroupOption, query: string): boolean {
  const words = searchForm(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const haystack = searchForm(`${group.name} ${group.customerNumber ?? ''} ${group.id}`);
  return words.every((word) => haystack.includes(word));
}
