import { describe, expect, test } from 'vitest';
import { plannedGroup, SERVED_PAGES, type HostedPageGroup } from '@/lib/provider/hosted-pages';

/** What `npm run tenant:setup` would write (docs/provider-contract.md §4, §6). */
const HERE = new URL('https://login.example.com');

describe('plannedGroup', () => {
  test('a group that does not exist: every served page at this deployment, in the default locale', () => {
    const { group, changes } = plannedGroup(null, 'sales-portal-signin', HERE);
    expect(group).toMatchObject({ _id: 'sales-portal-signin', groupOwner: 'client', default_locale: 'en' });
    expect(changes).toHaveLength(SERVED_PAGES.length);
    expect(group.hosted_pages).toContainEqual({ hosted_page_id: 'login', locale: 'en', url: 'https://login.example.com/' });
    expect(group.hosted_pages).toContainEqual({ hosted_page_id: 'mfa_required', locale: 'en', url: 'https://login.example.com/register-mfa' });
    expect(group.hosted_pages).toContainEqual({ hosted_page_id: 'register', locale: 'en', url: 'https://login.example.com/register' });
    expect(group.hosted_pages).toContainEqual({
      hosted_page_id: 'register_additional_info',
      locale: 'en',
      url: 'https://login.example.com/register-additional-info',
    });
    expect(group.hosted_pages).toContainEqual({ hosted_page_id: 'password_set', locale: 'en', url: 'https://login.example.com/reset-password' });
    expect(group.hosted_pages).toContainEqual({ hosted_page_id: 'consent_preview', locale: 'en', url: 'https://login.example.com/consent' });
    expect(changes.every((c) => c.before === undefined)).toBe(true);
  });

  test('running it on its own result changes nothing (idempotent)', () => {
    const first = plannedGroup(null, 'g', HERE).group;
    expect(plannedGroup(first, 'g', HERE).changes).toEqual([]);
  });

  test('other pages and their locales are kept; every locale of a served page is pointed here', () => {
    const existing: HostedPageGroup = {
      _id: 'g',
      groupOwner: 'client',
      default_locale: 'de',
      hosted_pages: [
        { hosted_page_id: 'consent_scopes', locale: 'de', url: 'https://tenant.example/consent' },
        { hosted_page_id: 'login', locale: 'en', url: 'https://old.example/login' },
        { hosted_page_id: 'login', locale: 'de', url: 'https://login.example.com/' },
      ],
    };
    const { group, changes } = plannedGroup(existing, 'g', HERE);
    expect(group.hosted_pages).toContainEqual({ hosted_page_id: 'consent_scopes', locale: 'de', url: 'https://tenant.example/consent' });
    expect(changes.filter((c) => c.id === 'login')).toEqual([
      { id: 'login', locale: 'en', before: 'https://old.example/login', after: 'https://login.example.com/' },
    ]);
    expect(group.hosted_pages.filter((p) => p.hosted_page_id === 'error')).toEqual([
      { hosted_page_id: 'error', locale: 'de', url: 'https://login.example.com/error' },
    ]);
    // The input is not changed in place.
    expect(existing.hosted_pages[1].url).toBe('https://old.example/login');
  });
});
