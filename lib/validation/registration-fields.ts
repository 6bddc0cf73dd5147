import type { ErrorKey } from './form-state';
import { emailError, newPasswordError, repeatPasswordError, type PasswordPolicy } from './rules';

/**
 * The tenant's registration fields, as this product reads them (docs/provider-contract.md,
 * "Registration"), and the rule each one becomes. No zod here: the registration form runs these
 * rules in the browser, and the server's schema (registration-schema.ts) is built on the same
 * functions, so the two cannot disagree. The provider stays the last judge: a tenant pattern
 * JavaScript cannot run is left to its own check on register (`serverOnly` below).
 */

/** The data types this page renders; others (ARRAY, JSON_STRING, MULTISELECT, GROUPING…) are not asked for. */
export const RENDERED_TYPES = [
  'TEXT',
  'TEXTAREA',
  'USERNAME',
  'NUMBER',
  'URL',
  'EMAIL',
  'MOBILE',
  'PASSWORD',
  'DATE',
  'DAYDATE',
  'SELECT',
  'RADIO',
  'CHECKBOX',
  'CONSENT',
] as const;
export type FieldType = (typeof RENDERED_TYPES)[number];

export type FieldOption = { key: string; label: string };

/** A consent's label: its sentence, and the one link in it (the terms), when it has one. */
export type ConsentLabel = { before: string; link?: { href: string; text: string }; after: string };

export type RegistrationField = {
  /** The tenant's `fieldKey`: the name in the register body (or in `customFields`). */
  key: string;
  type: FieldType;
  /** A CUSTOM field travels in `customFields`; SYSTEM fields travel flat. */
  custom: boolean;
  required: boolean;
  readOnly: boolean;
  /** The tenant's name for the field (`localeText.name`), if it gave one. */
  label?: string;
  /**
   * The language the tenant's texts of this field are in (`localeText.locale` or `language`): the
   * page's, or the tenant's fallback where it has none in the page's language.
   */
  labelLocale?: string;
  minLength?: number;
  maxLength?: number;
  /** The tenant's pattern, as written (Go RE2 syntax). */
  regex?: string;
  /** The field whose value this one must repeat (`password_echo` repeats `password`). */
  matchWith?: string;
  /** YYYY-MM-DD bounds of a date. */
  minDate?: string;
  maxDate?: string;
  options: FieldOption[];
  consent?: ConsentLabel;
  /** A password field: the tenant's own policy, where its client information states one (else this product's). */
  policy?: PasswordPolicy;
};

/** The fields with the tenant's password policy on the password (not on its repeat). */
export function withPasswordPolicy(fields: RegistrationField[], policy: PasswordPolicy | undefined): RegistrationField[] {
  if (!policy) return fields;
  return fields.map((f) => (f.type === 'PASSWORD' && !repeatOf(f) ? { ...f, policy } : f));
}

/** What a tenant pattern becomes in JavaScript: a RegExp's source and flags, or nothing we can run. */
export type ConvertedPattern = { source: string; flags: string } | { serverOnly: true; reason: string };

const POSIX_CLASSES: Record<string, string> = {
  alpha: 'A-Za-z',
  digit: '0-9',
  alnum: 'A-Za-z0-9',
  upper: 'A-Z',
  lower: 'a-z',
  space: '\\t\\n\\v\\f\\r ',
  blank: '\\t ',
  xdigit: '0-9A-Fa-f',
  word: '0-9A-Za-z_',
  punct: '!-\\/:-@\\[-`{-~',
  cntrl: '\\x00-\\x1f\\x7f',
  print: ' -~',
  graph: '!-~',
  ascii: '\\x00-\\x7f',
};

/**
 * Converts a Go (RE2) pattern to a JavaScript RegExp where the meaning is the same:
 * leading flags `(?i)`, `(?s)`, `(?m)` become RegExp flags; `(?P<name>…)` becomes `(?<name>…)`;
 * `\A` and `\z` become `^` and `$` (outside multi-line mode, where `$` is the end of the text);
 * `\Q…\E` becomes escaped text; POSIX classes (`[[:alpha:]]`) become ranges; `\pL` becomes
 * `\p{L}`. What has no equivalent (ungreedy `(?U)`, flags in the middle of a pattern, `\C`) or
 * does not compile is `serverOnly`: no check here, the provider's own on register.
 *
 * Go's MatchString finds a match anywhere, as RegExp.test does: anchors are kept as written.
 */
export function convertRe2(pattern: string): ConvertedPattern {
  let rest = pattern;
  const flags = new Set<string>();
  const leading = /^\(\?([a-zA-Z]+)\)/.exec(rest);
  if (leading) {
    for (const flag of leading[1]) {
      if (flag === 'i' || flag === 's' || flag === 'm') flags.add(flag);
      else return { serverOnly: true, reason: `flag ${flag}` };
    }
    rest = rest.slice(leading[0].length);
  }
  let out = '';
  let inClass = false;
  for (let i = 0; i < rest.length; i++) {
    const c = rest[i];
    if (c === '\\') {
      const next = rest[i + 1];
      if (next === undefined) return { serverOnly: true, reason: 'trailing backslash' };
      if (next === 'Q') {
        const end = rest.indexOf('\\E', i + 2);
        const literal = end === -1 ? rest.slice(i + 2) : rest.slice(i + 2, end);
        out += literal.replace(/[\\^$.*+?()[\]{}|/-]/g, '\\$&');
        i = end === -1 ? rest.length : end + 1;
        continue;
      }
      if (next === 'C') return { serverOnly: true, reason: '\\C' };
      if (!inClass && next === 'A') {
        out += flags.has('m') ? '(?<![\\s\\S])' : '^';
        i++;
        continue;
      }
      if (!inClass && next === 'z') {
        out += flags.has('m') ? '(?![\\s\\S])' : '$';
        i++;
        continue;
      }
      if (next === 'x' && rest[i + 2] === '{') {
        out += '\\u{';
        i += 2;
        continue;
      }
      if ((next === 'p' || next === 'P') && rest[i + 2] !== '{' && rest[i + 2] !== undefined) {
        out += `\\${next}{${rest[i + 2]}}`;
        i += 2;
        continue;
      }
      out += c + next;
      i++;
      continue;
    }
    if (inClass) {
      const posix = /^\[:(\^?)([a-z]+):\]/.exec(rest.slice(i));
      if (posix) {
        const range = POSIX_CLASSES[posix[2]];
        if (!range || posix[1]) return { serverOnly: true, reason: `class [:${posix[1]}${posix[2]}:]` };
        out += range;
        i += posix[0].length - 1;
        continue;
      }
      if (c === ']') inClass = false;
      out += c;
      continue;
    }
    if (c === '[') {
      inClass = true;
      out += c;
      // A `]` or `^]` right after the opening bracket is a literal in RE2.
      if (rest[i + 1] === '^') {
        out += '^';
        i++;
      }
      if (rest[i + 1] === ']') {
        out += '\\]';
        i++;
      }
      continue;
    }
    if (c === '(' && rest[i + 1] === '?') {
      if (rest[i + 2] === 'P' && rest[i + 3] === '<') {
        out += '(?<';
        i += 3;
        continue;
      }
      if (rest[i + 2] !== ':') return { serverOnly: true, reason: 'inline flags' };
    }
    out += c;
  }
  const jsFlags = [...flags].sort().join('');
  // Unicode mode first: RE2 matches code points. Some escapes RE2 allows (`\-` outside a class)
  // are refused there, so plain mode is the second try, but only for a pattern whose meaning
  // does not need Unicode mode (in plain mode `\p{L}` is the letter p, `\u{41}` 41 u's).
  const unicodeOnly = /\\[pPu]/.test(out);
  // RE2's `\p{Greek}` names a script, which JavaScript spells `\p{Script=Greek}`.
  const scripts = out.replace(/\\([pP])\{([A-Z][A-Za-z_]+)\}/g, (whole, p: string, name: string) => (isCategory(name) ? whole : `\\${p}{Script=${name}}`));
  for (const [source, extra] of [[scripts, 'u'], ...(unicodeOnly ? [] : [[out, '']])]) {
    try {
      new RegExp(source, jsFlags + extra);
      return { source, flags: jsFlags + extra };
    } catch {
      // try the next mode
    }
  }
  return { serverOnly: true, reason: 'does not compile' };
}

function isCategory(name: string): boolean {
  try {
    new RegExp(`\\p{${name}}`, 'u');
    return true;
  } catch {
    return false;
  }
}

/** The tenant's pattern as a RegExp, or undefined when it is left to the provider. */
export function patternOf(field: Pick<RegistrationField, 'regex'>): RegExp | undefined {
  if (!field.regex) return undefined;
  const converted = convertRe2(field.regex);
  return 'serverOnly' in converted ? undefined : new RegExp(converted.source, converted.flags);
}

/**
 * A mobile number is posted as two values: the number as typed, and the country chosen beside it
 * under this suffix. The server judges the pair with the full numbering plans (phone.ts); the
 * browser only checks that it is a number at all (the plans are too large to send to the page).
 */
export const COUNTRY_SUFFIX = '__country';

/** The values a form posted for these fields: each field's, and a mobile number's country. */
export function postedValues(fields: RegistrationField[], posted: (name: string) => string): Record<string, string> {
  return Object.fromEntries(
    fields.flatMap((f) => {
      const own: [string, string] = [f.key, posted(f.key)];
      return f.type === 'MOBILE' ? [own, [`${f.key}${COUNTRY_SUFFIX}`, posted(`${f.key}${COUNTRY_SUFFIX}`)]] : [own];
    }),
  );
}

/** Spaces, dashes, dots and brackets aside, and `00` read as `+`. */
export function normaliseMobile(value: string): string {
  return value.replace(/[\s().-]/g, '').replace(/^00/, '+');
}
/** International (`+` and 7 to 15 digits) or as written at home (4 to 15 digits). */
const MOBILE_PATTERN = /^(\+[1-9]\d{6,14}|\d{4,15})$/;
const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

function validDate(value: string): boolean {
  const m = DATE_PATTERN.exec(value);
  if (!m) return false;
  const date = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return date.getUTCFullYear() === Number(m[1]) && date.getUTCMonth() === Number(m[2]) - 1 && date.getUTCDate() === Number(m[3]);
}

/** Whether the field is a yes/no box (a value of "on" when ticked, nothing otherwise). */
export function isBox(field: Pick<RegistrationField, 'type'>): boolean {
  return field.type === 'CHECKBOX' || field.type === 'CONSENT';
}

/** The field repeats another (the password's confirmation). */
export function repeatOf(field: RegistrationField): string | undefined {
  return field.matchWith ?? (field.key === 'password_echo' ? 'password' : undefined);
}

/**
 * The error key for one field's value, given the form's values (a repeat needs the original).
 * The first rule that fails, in this order: required, type, length, pattern.
 */
export function fieldError(field: RegistrationField, raw: string, values: Record<string, string>): ErrorKey | undefined {
  if (field.readOnly) return undefined;
  const value = field.type === 'PASSWORD' ? raw : raw.trim();
  const repeated = repeatOf(field);
  if (repeated) return repeatPasswordError(values[repeated] ?? '', raw);
  if (isBox(field)) return field.required && value !== 'on' && value !== 'true' ? (field.type === 'CONSENT' ? 'consentRequired' : 'boxRequired') : undefined;
  if (field.type === 'PASSWORD') return newPasswordError(raw, field.policy);
  if (value.length === 0) {
    if (!field.required) return undefined;
    if (field.type === 'EMAIL') return 'emailRequired';
    return field.type === 'SELECT' || field.type === 'RADIO' ? 'choiceRequired' : 'fieldRequired';
  }
  switch (field.type) {
    case 'EMAIL':
      return emailError(value);
    case 'MOBILE':
      return MOBILE_PATTERN.test(normaliseMobile(value)) ? undefined : 'mobileInvalid';
    case 'DATE':
    case 'DAYDATE':
      if (!validDate(value)) return 'dateInvalid';
      if (field.minDate && value < field.minDate) return 'dateTooEarly';
      if (field.maxDate && value > field.maxDate) return 'dateTooLate';
      return undefined;
    case 'SELECT':
    case 'RADIO':
      return field.options.some((o) => o.key === value) ? undefined : 'choiceRequired';
    case 'NUMBER': {
      // The admin API: a NUMBER's min and max length are its range.
      if (!/^-?\d+(\.\d+)?$/.test(value)) return 'numberInvalid';
      const n = Number(value);
      if (field.minLength !== undefined && n < field.minLength) return 'numberOutOfRange';
      if (field.maxLength !== undefined && n > field.maxLength) return 'numberOutOfRange';
      return undefined;
    }
    case 'URL':
      if (!/^https?:\/\/\S+$/i.test(value) || !URL.canParse(value)) return 'urlInvalid';
      break;
  }
  const length = [...value].length;
  if (field.minLength !== undefined && length < field.minLength) return 'fieldTooShort';
  if (field.maxLength !== undefined && length > field.maxLength) return 'fieldTooLong';
  const pattern = patternOf(field);
  if (pattern && !pattern.test(value)) return 'fieldPattern';
  return undefined;
}

/** The fields the page asks for, in the tenant's order (group titles and read-only fields are not inputs). */
export function inputFields(fields: RegistrationField[]): RegistrationField[] {
  return fields.filter((f) => !f.readOnly);
}
