// tenant:check's rows on a new customer's first visit (docs/onboarding.md): which field list the
// tenant serves for the register page, what the client information says of registration (a
// captcha, self-registration off), and whether the client is granted cidaas:register and
// cidaas:invite (read from the scopes of the test account's tokens: the tenant-check asks for
// both beside the deployment's own, and a tenant grants what the client may have).
import { untranslatedFields } from '../lib/i18n/field-labels.ts';
import type { RegistrationSettings } from '../lib/provider/public.ts';
import type { RegistrationField } from '../lib/validation/registration-fields.ts';
import type { Recorded } from './tenant-record.ts';
import type { Check } from './tenant-report.ts';

export const ONBOARDING_SCOPES = ['cidaas:register', 'cidaas:invite'] as const;

const FIELD_LISTS: Record<string, string> = {
  'registration.fields': '/user-srv/public/fields (4.x)',
  'registration.setup': '/registration-setup-srv/public/list (every SDK)',
};

/** Which field-list path answered with fields (the last successful one of the run), or why none did. */
export function fieldListCheck(recorded: readonly Recorded[], count: number | undefined, failure?: string): Check {
  const name = 'Registration field list';
  const served = recorded.filter((r) => r.operation in FIELD_LISTS && r.status === 200).at(-1);
  if (served && count !== undefined) return { name, result: 'PASS', detail: `${count} field${count === 1 ? '' : 's'} from ${FIELD_LISTS[served.operation]}` };
  const tried = recorded.filter((r) => r.operation in FIELD_LISTS).map((r) => `${FIELD_LISTS[r.operation].split(' ')[0]} HTTP ${r.status}`);
  return {
    name,
    result: 'FAIL',
    detail: `no field list for the register page${tried.length ? ` (${tried.join(', ')})` : ''}${failure ? `: ${failure}` : ''}.\nSet up the registration fields of the client, or keep the tenant's own register page (docs/tenant.md).`,
  };
}

/**
 * The field list's texts in each shipped language (the list asked in that language): the fields
 * the tenant answers in another language (its fallback) are named per language. A warning only:
 * the page shows this product's own name for the fields it knows, and the tenant's in its
 * fallback language for the others (lib/i18n/field-labels.ts).
 */
type FieldTexts = ReadonlyArray<Pick<RegistrationField, 'key' | 'label' | 'labelLocale'>>;

export function fieldTextsCheck(lists: ReadonlyArray<readonly [locale: string, fields: FieldTexts | undefined]>): Check {
  const name = 'Registration field texts';
  const read = lists.filter((entry): entry is readonly [string, FieldTexts] => entry[1] !== undefined);
  if (read.length === 0) return { name, result: 'UNKNOWN', detail: 'the field list could not be read in any language' };
  if (!read.some(([, fields]) => fields.some((f) => f.labelLocale !== undefined)))
    return {
      name,
      result: 'UNKNOWN',
      detail: "the field list does not say which language its texts are in (localeText.locale): they are shown as the tenant's",
    };
  // Languages with the same missing fields on one line.
  const byMissing = new Map<string, string[]>();
  for (const [locale, fields] of read) {
    const missing = untranslatedFields(fields, locale).join(', ');
    if (missing) byMissing.set(missing, [...(byMissing.get(missing) ?? []), locale]);
  }
  const unread = lists.filter(([, fields]) => fields === undefined).map(([locale]) => locale);
  const notRead = unread.length ? `\nNot read in ${unread.join(', ')}.` : '';
  if (byMissing.size === 0)
    return { name, result: unread.length ? 'UNKNOWN' : 'PASS', detail: `every field has a text in ${read.map(([l]) => l).join(', ')}${notRead}` };
  return {
    name,
    result: 'WARN',
    detail:
      [...byMissing].map(([missing, locales]) => `no text in ${locales.join(', ')} for: ${missing}`).join('\n') +
      "\nAdd these languages to the fields' texts at the tenant (registration field settings). Until then the register page shows this product's own name for the fields it knows and the tenant's fallback text for the others." +
      notRead,
  };
}

/** What the client information says of registration: served here as a form, or closed with a reason. */
export function registrationSettingsCheck(settings: RegistrationSettings): Check {
  const name = 'Registration settings';
  const invitations = settings.invitations === undefined ? 'not said' : settings.invitations ? 'on' : 'off';
  if (settings.captcha)
    return {
      name,
      result: 'FAIL',
      detail:
        'the client asks for a captcha on registration (captcha_site_key), which these pages do not render: the register page says registration is not available here and points to invitations.\n' +
        'Switch the captcha off for the client\'s registration, or point the hosted page "register" back at the tenant\'s own.',
    };
  if (settings.selfService === false)
    return {
      name,
      result: 'PASS',
      detail: `self-registration off: no "Register here" on the e-mail step, accounts by invitation (invitations ${invitations})`,
    };
  return {
    name,
    result: 'PASS',
    detail: `self-registration ${settings.selfService ? 'on' : 'not said (taken as on)'}, invitations ${invitations}, no captcha`,
  };
}

/** cidaas:register and cidaas:invite among the scopes granted to the test account's sign-in. */
export function onboardingScopesCheck(granted: string | undefined, settings: RegistrationSettings | undefined, refusal?: string): Check {
  const name = 'Registration scopes';
  if (refusal)
    return {
      name,
      result: 'FAIL',
      detail: `the tenant refused an authorization asking for ${ONBOARDING_SCOPES.join(' ')} (${refusal}): allow them for the client (CLIENT_ID)`,
    };
  if (granted === undefined)
    return { name, result: 'UNKNOWN', detail: 'read from the scopes of a sign-in: set TENANT_CHECK_EMAIL and TENANT_CHECK_PASSWORD to a test account' };
  const scopes = new Set(granted.split(/\s+/));
  const missing = ONBOARDING_SCOPES.filter((scope) => !scopes.has(scope));
  if (missing.length === 0) return { name, result: 'PASS', detail: `${ONBOARDING_SCOPES.join(' and ')} granted` };
  // Without invitations, cidaas:invite is not needed; self-registration always needs cidaas:register.
  const needed = missing.filter((scope) => scope === 'cidaas:register' || settings?.invitations !== false);
  const what = missing.map((scope) => `${scope} (${scope === 'cidaas:register' ? 'self-registration' : 'invitations'})`).join(', ');
  return {
    name,
    result: needed.length ? 'FAIL' : 'PASS',
    detail: needed.length
      ? `not granted: ${what}. Add ${needed.join(' and ')} to the client's allowed scopes (CLIENT_ID, OIDC settings).`
      : `cidaas:register granted; cidaas:invite not granted, and invitations are off for the client`,
  };
}
