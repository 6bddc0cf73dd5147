import 'server-only';
import { getLocale, getTranslations } from 'next-intl/server';
import type { ChecklistLabels } from '@/app/_components/password-checklist';
import { footerLinksFor, getConfig } from '@/lib/config';
import { fieldLabel, inPageLanguage, OWN_LABELS } from '@/lib/i18n/field-labels';
import { template } from '@/lib/i18n/template';
import type { ErrorKey } from '@/lib/validation/form-state';
import type { RegistrationField } from '@/lib/validation/registration-fields';
import type { PasswordPolicy } from '@/lib/validation/rules';
import { fieldMessages } from './field-messages';
import type { RegistrationLabels } from './registration-form';
import type { StatementTexts } from './terms-statement';

/** Every message the registration form may show under a field or above it. */
export const REGISTRATION_ERRORS: ErrorKey[] = [
  ...(['emailRequired', 'emailInvalid', 'accountExists', 'fieldRequired', 'choiceRequired', 'boxRequired', 'consentRequired', 'fieldTooShort'] as const),
  ...([
    'fieldTooLong',
    'fieldPattern',
    'mobileInvalid',
    'mobileNotMobile',
    'dateInvalid',
    'dateTooEarly',
    'dateTooLate',
    'numberInvalid',
    'numberOutOfRange',
    'urlInvalid',
  ] as const),
  ...([
    'passwordRequired',
    'newPasswordLength',
    'newPasswordPattern',
    'newPasswordChars',
    'repeatRequired',
    'passwordsDontMatch',
    'registerRefused',
    'registerWait',
  ] as const),
];

/** The checklist's words for a tenant's own policy (its lengths and counts), else this product's. */
function policyRules(tReset: Awaited<ReturnType<typeof getTranslations<'resetForm'>>>, policy: PasswordPolicy | undefined): ChecklistLabels['rules'] {
  const own = { length: tReset('ruleLength'), lower: tReset('ruleLower'), upper: tReset('ruleUpper'), digit: tReset('ruleDigit') };
  if (!policy) return own;
  return {
    ...own,
    length: tReset('ruleLengthRange', { min: policy.minLength, max: policy.maxLength }),
    digit: policy.digits > 1 ? tReset('ruleDigits', { count: policy.digits }) : own.digit,
    special: policy.specials > 1 ? tReset('ruleSpecials', { count: policy.specials }) : tReset('ruleSpecial'),
  };
}

/**
 * The statement above the button of a form that creates an account (D50, docs/features.md
 * "Registration"): the terms accepted and the privacy notice acknowledged, linked to the legal
 * addresses the footer shows (FOOTER_LINKS); the part whose address is not configured is left out.
 */
function termsStatement(t: Awaited<ReturnType<typeof getTranslations<'register'>>>, locale: string, newTab: string): StatementTexts | undefined {
  const links = footerLinksFor(getConfig(), locale);
  const terms = links.find((l) => l.name === 'termsOfUse')?.href;
  const privacy = links.find((l) => l.name === 'dataProtection')?.href;
  if (!terms && !privacy) return undefined;
  const key = terms && privacy ? 'statement' : terms ? 'statementTerms' : 'statementPrivacy';
  return {
    template: template(t, key, 'terms', 'privacy'),
    ...(terms ? { terms: { href: terms, text: t('termsLink') } } : {}),
    ...(privacy ? { privacy: { href: privacy, text: t('privacyLink') } } : {}),
    newTab,
  };
}

/**
 * The registration form's texts for these fields (each field's name in the page's language where
 * there is one: lib/i18n/field-labels.ts), with the button's own words: shared by every page that
 * renders the tenant's fields.
 */
export async function registrationLabels(
  fields: RegistrationField[],
  button: { submit: string; pending: string },
  { creates = true }: { creates?: boolean } = {},
): Promise<RegistrationLabels> {
  const [t, tReset, tCredentials, tField, tForm, locale] = await Promise.all([
    getTranslations('register'),
    getTranslations('resetForm'),
    getTranslations('credentials'),
    getTranslations('fieldErrors'),
    getTranslations('form'),
    getLocale(),
  ]);
  const newTab = tForm('opensInNewTab');
  const own: Record<string, string> = Object.fromEntries(OWN_LABELS.map((key) => [key, t(`field.${key}`)]));
  const shown = new Map(fields.map((f) => [f.key, fieldLabel(f, locale, own)]));
  return {
    locale,
    fields: Object.fromEntries(fields.map((f) => [f.key, shown.get(f.key)!.text])),
    // The tenant's words in another language than the page's: its name where shown, and its options.
    langs: Object.fromEntries(
      fields.flatMap((f) => {
        const lang = shown.get(f.key)!.lang;
        const options = inPageLanguage(f, locale) ? undefined : f.labelLocale;
        return lang || options ? [[f.key, { label: lang, options }]] : [];
      }),
    ),
    messages: await fieldMessages(fields, shown, locale),
    password: { needs: template(tField, 'passwordNeeds', 'rules'), forbidden: template(tField, 'passwordForbidden', 'chars') },
    newTab,
    statement: creates ? termsStatement(t, locale, newTab) : undefined,
    optional: t('optional'),
    choose: t('choose'),
    country: t('country'),
    mobileHint: t('mobileHint'),
    ...button,
    show: tReset('showPassword'),
    hide: tReset('hidePassword'),
    capsLock: tCredentials('capsLock'),
    existsSignIn: t('existsSignIn'),
    existsReset: t('existsReset'),
    checklist: {
      title: tReset('rulesTitle'),
      met: tReset('ruleMet'),
      notMet: tReset('ruleNotMet'),
      rules: policyRules(tReset, fields.find((f) => f.policy)?.policy),
      forbidden: template(tReset, 'ruleForbidden', 'chars'),
    },
  };
}
