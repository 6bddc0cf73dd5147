import 'server-only';
import { getTranslations } from 'next-intl/server';
import { nameInSentence, type ShownLabel } from '@/lib/i18n/field-labels';
import type { ErrorKey } from '@/lib/validation/form-state';
import { repeatOf, type RegistrationField } from '@/lib/validation/registration-fields';

/** Each field's own words for its errors, by error key: the field named, its rule stated. */
export type FieldMessages = Record<string, Partial<Record<ErrorKey, string>>>;

/**
 * What each of the tenant's fields says when it fails (docs/features.md, "Registration"): its name
 * in the message ("Enter your first name", "Choose your type of business"). Keys without a message
 * of the field's own keep the form's (`errors.*`). The repeat of the password and the mobile
 * number's checks say what they are about already.
 */
export async function fieldMessages(fields: RegistrationField[], shown: ReadonlyMap<string, ShownLabel>, locale: string): Promise<FieldMessages> {
  const t = await getTranslations('fieldErrors');
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
      own.fieldPattern = t('pattern', names);
      if (f.type === 'DATE' || f.type === 'DAYDATE') own.dateInvalid = t('dateInvalid', names);
      return [f.key, own];
    }),
  );
}
