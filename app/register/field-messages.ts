import 'server-only';
import { getTranslations } from 'next-intl/server';
import { exampleInLabel, nameInSentence, type ShownLabel } from '@/lib/i18n/field-labels';
import type { ErrorKey } from '@/lib/validation/form-state';
import { repeatOf, type RegistrationField } from '@/lib/validation/registration-fields';

/** Each field's own words for its errors, by error key: the field named, its rule stated. */
export type FieldMessages = Record<string, Partial<Record<ErrorKey, string>>>;

const DAY_MS = 86_400_000;

/**
 * What each of the tenant's fields says when it fails (docs/features.md, "Registration"): its name
 * in the message ("Enter your first name", "Choose your type of business"), and the rule where the
 * tenant states one: its date bounds ("Enter a date before 1 January 2011", in the page's
 * language), its lengths and range, the example its name gives in parentheses where the pattern
 * takes it ("Enter the customer number like KD-123456"). Keys without a message of the field's own
 * keep the form's (`errors.*`). The repeat of the password and the mobile number's checks say
 * what they are about already.
 */
export async function fieldMessages(fields: RegistrationField[], shown: ReadonlyMap<string, ShownLabel>, locale: string): Promise<FieldMessages> {
  const t = await getTranslations('fieldErrors');
  const day = new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' });
  const dayBeside = (bound: string, days: number) => day.format(new Date(Date.parse(`${bound}T00:00:00Z`) + days * DAY_MS));
  return Object.fromEntries(
    fields.map((f) => {
      const label = shown.get(f.key) ?? { text: f.key };
      const names = { field: nameInSentence(label, locale) };
      const own: Partial<Record<ErrorKey, string>> = {};
      if (repeatOf(f)) return [f.key, own];
      if (f.type === 'SELECT' || f.type === 'RADIO') own.choiceRequired = t('choose', names);
      else if (f.type === 'CHECKBOX') own.boxRequired = t('box', names);
      else if (f.type === 'CONSENT') {
        if (f.label) own.consentRequired = t('consent', names);
      } else if (f.type === 'EMAIL') own.emailRequired = t('required', names);
      else if (f.type === 'PASSWORD') own.passwordRequired = t('required', names);
      else own.fieldRequired = t('required', names);
      if (f.minLength !== undefined && f.type !== 'NUMBER') own.fieldTooShort = t('tooShort', { ...names, min: f.minLength });
      if (f.maxLength !== undefined && f.type !== 'NUMBER') own.fieldTooLong = t('tooLong', { ...names, max: f.maxLength });
      const example = exampleInLabel(f, label.text);
      own.fieldPattern = example
        ? t('patternExample', { field: nameInSentence({ ...label, text: example.name }, locale), example: example.example })
        : t('pattern', names);
      if (f.type === 'DATE' || f.type === 'DAYDATE') {
        own.dateInvalid = t('dateInvalid', names);
        // The tenant's bounds are the first and last day allowed: the message names the days beyond them.
        if (f.maxDate) own.dateTooLate = t('dateBefore', { date: dayBeside(f.maxDate, 1) });
        if (f.minDate) own.dateTooEarly = t('dateAfter', { date: dayBeside(f.minDate, -1) });
      }
      if (f.type === 'NUMBER' && f.minLength !== undefined && f.maxLength !== undefined)
        own.numberOutOfRange = t('numberRange', { min: f.minLength, max: f.maxLength });
      return [f.key, own];
    }),
  );
}
