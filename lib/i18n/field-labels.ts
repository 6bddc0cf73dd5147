import { patternOf, type RegistrationField } from '../validation/registration-fields';

/**
 * Which name a tenant's registration field is shown with (docs/features.md, "Registration"): the
 * tenant's own where it is in the page's language; else this product's, for the fields it knows
 * (`register.field.*`); else the tenant's as it is, marked with the language it is in (so a screen
 * reader speaks it in that language). The field list is asked in the page's language, and the
 * answer says which language each field's texts are in (`localeText.locale`): a tenant without
 * texts in that language answers with its fallback's (docs/provider-contract.md §2.15). No
 * server-only imports: tenant:check uses it too.
 */

/** The fields this product has its own name for, in every language (`register.field.*` in messages). */
export const OWN_LABELS = [
  'email',
  'given_name',
  'middle_name',
  'family_name',
  'nickname',
  'username',
  'gender',
  'birthdate',
  'mobile_number',
  'phone_number',
  'website',
  'password',
  'password_echo',
] as const;

export type ShownLabel = { text: string; lang?: string };

/** Whether two language tags read as one language: the same language in the same script (`zh-CN` is not `zh-TW`). */
export function sameLanguage(a: string, b: string): boolean {
  try {
    const one = new Intl.Locale(a).maximize();
    const other = new Intl.Locale(b).maximize();
    return one.language === other.language && one.script === other.script;
  } catch {
    return false;
  }
}

/** Whether the tenant's texts of this field are in the page's language (an answer that does not say is taken as being so). */
export function inPageLanguage(field: Pick<RegistrationField, 'labelLocale'>, locale: string): boolean {
  return field.labelLocale === undefined || sameLanguage(field.labelLocale, locale);
}

/** The field's name on a page in `locale`; `own` holds this product's names of the fields it knows, in that language. */
export function fieldLabel(field: Pick<RegistrationField, 'key' | 'label' | 'labelLocale'>, locale: string, own: Readonly<Record<string, string>>): ShownLabel {
  if (field.label && inPageLanguage(field, locale)) return { text: field.label };
  const ours = own[field.key];
  if (ours) return { text: ours };
  if (field.label) return { text: field.label, lang: field.labelLocale };
  return { text: field.key };
}

/** The fields the tenant has no text for in `locale` (it answered in another language), by key. */
export function untranslatedFields(fields: readonly Pick<RegistrationField, 'key' | 'label' | 'labelLocale'>[], locale: string): string[] {
  return fields.filter((f) => f.label !== undefined && !inPageLanguage(f, locale)).map((f) => f.key);
}

/**
 * Languages whose field messages put the field's name inside the sentence as a plain noun ("Enter
 * your first name", "Saisissez votre prénom"): the name reads there in lower case, and a name in
 * another language in that language's quotes. The other languages' messages quote the name as it
 * is („Vorname“, 「名」), which needs no case, gender or declension of it.
 */
const NAME_AS_NOUN: Readonly<Record<string, readonly [string, string]>> = { en: ['“', '”'], fr: ['« ', ' »'], es: ['«', '»'] };

/** A word's first letter in lower case where it is the word's only capital ("Given" → "given"; "I", "KD-123456", "iPhone" kept). */
const lowerWord = (word: string, locale: string) => (/^\p{Lu}[^\p{Lu}\p{Nd}]+$/u.test(word) ? word.charAt(0).toLocaleLowerCase(locale) + word.slice(1) : word);

/** How a field's name reads inside one of its messages (`{field}` in `fieldErrors.*`). */
export function nameInSentence(shown: ShownLabel, locale: string): string {
  const quotes = NAME_AS_NOUN[new Intl.Locale(locale).language];
  if (!quotes) return shown.text;
  if (shown.lang) return `${quotes[0]}${shown.text}${quotes[1]}`;
  return shown.text
    .split(' ')
    .map((word) => lowerWord(word, locale))
    .join(' ');
}

/**
 * The example a tenant gives in parentheses at the end of a field's name ("Customer number
 * (KD-123456)"), where its pattern takes it: the name without it, and the example.
 */
export function exampleInLabel(field: Pick<RegistrationField, 'regex'>, label: string): { name: string; example: string } | undefined {
  const found = /^(.+?)\s*[(（]([^()（）]+)[)）]$/u.exec(label.trim());
  const pattern = patternOf(field);
  if (!found || !pattern || !pattern.test(found[2].trim())) return undefined;
  return { name: found[1], example: found[2].trim() };
}
