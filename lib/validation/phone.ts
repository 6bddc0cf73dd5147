import 'server-only';
import { getCountries, getCountryCallingCode, parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js/max';
import type { ErrorKey } from './form-state';
import { COUNTRY_SUFFIX } from './registration-fields';

/**
 * Mobile numbers (docs/onboarding.md, "Mobile numbers"): a country and the number as people write
 * it at home, or the whole number with `+` and its country code. libphonenumber's full metadata
 * (kept on the server: it is too large for the page) judges the number and its kind; what the
 * provider is sent is the international form (E.164, `+4915123456789`).
 */

export type CountryOption = { code: string; name: string; dial: string };
export type PhoneVerdict = { ok: true; e164: string; country?: string } | { ok: false; error: ErrorKey };

const COUNTRIES = new Set<string>(getCountries());

export function isCountry(code: string): code is CountryCode {
  return COUNTRIES.has(code);
}

/**
 * The number a person typed, with the country chosen beside it. A number starting with `+` or
 * `00` carries its own country and the choice is not needed. Landlines and other kinds that cannot
 * take a text message are refused; a kind the metadata cannot tell (some countries share ranges) is not.
 */
export function judgePhone(typed: string, country: string | undefined): PhoneVerdict {
  const value = typed.trim().replace(/^00/, '+');
  const home = country && isCountry(country) ? country : undefined;
  const parsed = value.startsWith('+') ? parsePhoneNumberFromString(value) : home ? parsePhoneNumberFromString(value, home) : undefined;
  if (!parsed || !parsed.isValid()) return { ok: false, error: 'mobileInvalid' };
  const kind = parsed.getType();
  if (kind && !TEXTABLE.has(kind)) return { ok: false, error: 'mobileNotMobile' };
  return { ok: true, e164: parsed.number, country: parsed.country };
}
const TEXTABLE = new Set(['MOBILE', 'FIXED_LINE_OR_MOBILE', 'PERSONAL_NUMBER']);

/** A stored number split for the form: its country and the number as written there (`+4915…` → DE, `01512 3456789`). */
export function phoneParts(stored: string): { country: string; national: string } | undefined {
  const parsed = stored.startsWith('+') ? parsePhoneNumberFromString(stored) : undefined;
  return parsed?.country ? { country: parsed.country, national: parsed.formatNational() } : undefined;
}

/** The country a page's language suggests: its region (`de-DE` → DE), or the likeliest one (`ja` → JP). */
export function countryOfLocale(locale: string): string | undefined {
  try {
    const region = new Intl.Locale(locale).maximize().region;
    return region && isCountry(region) ? region : undefined;
  } catch {
    return undefined;
  }
}

const optionsByLocale = new Map<string, CountryOption[]>();

/** Every country with its calling code, named and sorted in the page's language. */
export function countryOptions(locale: string): CountryOption[] {
  const known = optionsByLocale.get(locale);
  if (known) return known;
  const names = new Intl.DisplayNames([locale], { type: 'region', fallback: 'code' });
  const collator = new Intl.Collator(locale);
  const options = getCountries()
    .map((code) => ({ code, name: names.of(code) ?? code, dial: `+${getCountryCallingCode(code)}` }))
    .sort((a, b) => collator.compare(a.name, b.name));
  optionsByLocale.set(locale, options);
  return options;
}

/**
 * What a form with these fields needs for its mobile numbers: the countries, the one the page's
 * language suggests, and known numbers (`+49…`) split into their country and national form.
 */
export function phoneForm(
  fields: { key: string; type: string }[],
  locale: string,
  known: Record<string, string> = {},
): { choices: { countries: CountryOption[]; country: string | undefined }; known: Record<string, string> } | undefined {
  const mobiles = fields.filter((f) => f.type === 'MOBILE');
  if (mobiles.length === 0) return undefined;
  const split: Record<string, string> = { ...known };
  for (const { key } of mobiles) {
    const parts = known[key] ? phoneParts(known[key]) : undefined;
    if (parts) Object.assign(split, { [key]: parts.national, [`${key}${COUNTRY_SUFFIX}`]: parts.country });
  }
  return { choices: phoneChoices(locale), known: split };
}

/** The countries of a mobile number field in the page's language, and the one its region suggests. */
export function phoneChoices(locale: string): { countries: CountryOption[]; country: string | undefined } {
  return { countries: countryOptions(locale), country: countryOfLocale(locale) };
}

/** A stored international number as people read it (`+49 1512 3456789`). */
export function readablePhone(e164: string): string {
  return parsePhoneNumberFromString(e164)?.formatInternational() ?? e164;
}
