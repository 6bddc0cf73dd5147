import 'server-only';
import { z } from 'zod';
import { RENDERED_TYPES, type ConsentLabel, type FieldType, type RegistrationField } from '../validation/registration-fields';
import type { RegistrationInput } from '../validation/registration-schema';
import { notServed, readAnswer, unexpected, type Answer } from './answer';
import { ProviderError } from './errors';
import { callProvider, type ProviderCall, type ProviderReply } from './http';

/**
 * Self-registration (docs/provider-contract.md, "Registration"): the tenant's field list and the
 * register call. Each shape the sources disagree on is read here and only here.
 */

// ---------------------------------------------------------------------------------------------
// The field list

/**
 * One field as either generation spells it: `fieldGroup`/`isGroupTitle` (the SDK samples) or
 * `parent_group_id`/`is_group` (a 2020 tenant mock). Lenient on keys we do not use, strict on
 * those we do.
 */
const LocaleText = z
  .object({
    // The language the texts are in (the asked one, or the tenant's fallback when it has none there).
    locale: z.string().optional(),
    language: z.string().optional(),
    name: z.string().optional(),
    attributes: z.array(z.object({ key: z.string(), value: z.string() }).loose()).optional(),
    consentLabel: z.object({ label: z.string().optional(), label_text: z.string().optional() }).loose().optional(),
  })
  .loose();

const FieldDefinition = z
  .object({
    minLength: z.number().int().nonnegative().optional(),
    maxLength: z.number().int().positive().optional(),
    regex: z.string().optional(),
    matchWith: z.string().optional(),
    minDate: z.string().optional(),
    maxDate: z.string().optional(),
    attributesKeys: z.array(z.string()).optional(),
  })
  .loose();

const FieldEntry = z
  .object({
    dataType: z.string(),
    fieldKey: z.string().regex(/^[A-Za-z0-9_.-]{1,100}$/),
    fieldType: z.string().optional(),
    order: z.number().optional(),
    readOnly: z.boolean().optional(),
    required: z.boolean().optional(),
    isGroupTitle: z.boolean().optional(),
    is_group: z.boolean().optional(),
    fieldDefinition: FieldDefinition.nullish(),
    localeText: LocaleText.nullish(),
  })
  .loose();
type FieldEntry = z.infer<typeof FieldEntry>;

/** The list sits in `data` (the legacy envelope), or under `data.fields` (a plausible 4.x shape, U). */
const FieldList = z.union([z.array(z.unknown()), z.object({ fields: z.array(z.unknown()) }).transform((v) => v.fields)]);

/** The field list in the page's language; an unknown or expired request is a ProviderError (reference-invalid). */
export async function readRegistrationFields(args: { requestId: string; locale: string }): Promise<RegistrationField[]> {
  const current: ProviderCall = {
    service: 'user-srv',
    operation: 'registration.fields',
    method: 'GET',
    path: '/user-srv/public/fields',
    query: { requestId: args.requestId, ui_locales: args.locale },
    locale: args.locale,
    signIn: args.requestId,
  };
  const fromCurrent = fieldsOf(current, readAnswer(current, await callProvider(current)));
  if (fromCurrent) return fromCurrent;
  const legacy: ProviderCall = {
    service: 'registration-setup-srv',
    operation: 'registration.setup',
    method: 'GET',
    path: '/registration-setup-srv/public/list',
    query: { acceptlanguage: args.locale, requestId: args.requestId },
    locale: args.locale,
    signIn: args.requestId,
  };
  const answer = readAnswer(legacy, await callProvider(legacy));
  const fromLegacy = fieldsOf(legacy, answer);
  if (!fromLegacy) throw unexpected(legacy, answer);
  return fromLegacy;
}

/**
 * The fields of one answer, or undefined when the answer says the path is not served (or in a shape
 * not known): the caller then asks the other path. A refusal of the request itself is thrown.
 */
export function fieldsOf(call: Pick<ProviderCall, 'service' | 'operation'>, answer: Answer): RegistrationField[] | undefined {
  if (answer.kind === 'refused') {
    if (notServed(answer)) return undefined;
    throw answer.error;
  }
  if (answer.kind !== 'data') return undefined;
  const list = FieldList.safeParse(answer.data);
  if (!list.success) return undefined;
  // One field we cannot read is not asked for; the provider names it if it was required (417 507).
  const entries = list.data.flatMap((raw) => {
    const entry = FieldEntry.safeParse(raw);
    return entry.success ? [entry.data] : [];
  });
  // The tenant's order: `order`, then as listed (the sort is stable).
  entries.sort((a, b) => (a.order ?? Number.MAX_SAFE_INTEGER) - (b.order ?? Number.MAX_SAFE_INTEGER));
  const fields = entries.flatMap((entry) => normaliseField(entry) ?? []);
  if (fields.length === 0) throw new ProviderError({ kind: 'invalid-response', operation: call.operation, service: call.service, status: answer.status });
  return fields;
}

function normaliseField(entry: FieldEntry): RegistrationField | undefined {
  if (entry.isGroupTitle === true || entry.is_group === true) return undefined;
  const type = entry.dataType.toUpperCase();
  if (!(RENDERED_TYPES as readonly string[]).includes(type)) return undefined;
  const definition = entry.fieldDefinition ?? {};
  const text = entry.localeText ?? {};
  const options = optionsOf(definition.attributesKeys, text.attributes);
  const field: RegistrationField = {
    key: entry.fieldKey,
    type: type as FieldType,
    custom: entry.fieldType?.toUpperCase() === 'CUSTOM',
    required: entry.required === true,
    readOnly: entry.readOnly === true,
    options,
  };
  if (text.name?.trim()) field.label = text.name.trim();
  const labelLocale = [text.locale, text.language].find((tag) => tag !== undefined && LANGUAGE_TAG.test(tag));
  if (labelLocale) field.labelLocale = labelLocale.replace(/_/g, '-');
  if (definition.minLength !== undefined) field.minLength = definition.minLength;
  if (definition.maxLength !== undefined) field.maxLength = definition.maxLength;
  if (definition.regex) field.regex = definition.regex;
  if (definition.matchWith) field.matchWith = definition.matchWith;
  const minDate = dayOf(definition.minDate);
  const maxDate = dayOf(definition.maxDate);
  if (minDate) field.minDate = minDate;
  if (maxDate) field.maxDate = maxDate;
  if (type === 'CONSENT') field.consent = consentLabel(text.consentLabel?.label ?? text.consentLabel?.label_text ?? text.name ?? entry.fieldKey);
  return field;
}

/** A language tag as the answer names the texts' language (`de`, `en-GB`, `zh_CN`). */
const LANGUAGE_TAG = /^[A-Za-z]{2,3}([-_][A-Za-z0-9]{2,8})*$/;

/** Options of a choice: the keys, named by the locale's attributes where they are (else by the key). */
function optionsOf(keys: string[] | undefined, attributes: Array<{ key: string; value: string }> | undefined) {
  const names = new Map((attributes ?? []).map((a) => [a.key, a.value]));
  const all = keys ?? (attributes ?? []).map((a) => a.key);
  return all.map((key) => ({ key, label: names.get(key) ?? key }));
}

/** A date bound's day (the samples carry ISO timestamps; the day in UTC is the bound). */
function dayOf(value: string | undefined): string | undefined {
  if (!value) return undefined;
  const time = Date.parse(value);
  return Number.isNaN(time) ? undefined : new Date(time).toISOString().slice(0, 10);
}

/**
 * A consent label may be HTML with one link (`I accept the <a href="…">terms</a>`): kept as text,
 * with the link when it is https (or http, on a test tenant); every other tag dropped.
 */
export function consentLabel(label: string): ConsentLabel {
  // What a script or style holds is no text to show.
  const html = label.replace(/<(script|style)\b[\s\S]*?<\/\1\s*>/gi, '');
  const anchor = /<a\s[^>]*href\s*=\s*["']([^"']+)["'][^>]*>([\s\S]*?)<\/a>/i.exec(html);
  const plain = (s: string) =>
    s
      .replace(/<[^>]*>/g, '')
      .replace(/&nbsp;/g, '\u00a0')
      .replace(/&amp;/g, '&')
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&quot;/g, '"')
      .replace(/&#39;/g, "'");
  if (!anchor || !/^https?:\/\//i.test(anchor[1]) || !URL.canParse(anchor[1])) return { before: plain(html).trim(), after: '' };
  return {
    before: plain(html.slice(0, anchor.index)).trimStart(),
    link: { href: new URL(anchor[1]).toString(), text: plain(anchor[2]).trim() },
    after: plain(html.slice(anchor.index + anchor[0].length)).trimEnd(),
  };
}

// ---------------------------------------------------------------------------------------------
// The register call

export type RegisterOutcome =
  | {
      kind: 'registered';
      sub: string | undefined;
      /** LOGIN, MFA, DEDUPLICATION, … upper-cased; undefined when the answer names none. */
      suggestedAction: string | undefined;
      trackId: string | undefined;
      /**
       * `email_verified` as answered. false alone does not say the sign-in will be refused: the
       * published sample pairs it with LOGIN (docs/provider-contract.md §2.15).
       */
      emailVerified: boolean | undefined;
      /** VERIFIED, PENDING, UNVERIFIED, … upper-cased; undefined when the answer names none. */
      userStatus: string | undefined;
    }
  /** The address (or another unique field) already has an account. */
  | { kind: 'exists' }
  /** The provider says a field is missing or refused: `field` when its message names one of ours. */
  | { kind: 'field-refused'; field: string | undefined; reason: 'missing' | 'invalid' }
  /** The requestId is unknown or expired. */
  | { kind: 'request-invalid' };

const Registered = z
  .object({
    sub: z.string().optional(),
    suggested_action: z.string().optional(),
    track_id: z.string().optional(),
    trackId: z.string().optional(),
    userStatus: z.string().optional(),
    email_verified: z.boolean().optional(),
  })
  .loose();

/** The body: flat fields, the password twice, `provider: "self"`, custom fields as `{key: value}` (the stored form; the input form is U). */
export function registerBody(input: RegistrationInput): Record<string, unknown> {
  return {
    ...input.fields,
    password: input.password,
    password_echo: input.passwordEcho,
    provider: 'self',
    ...(Object.keys(input.customFields).length > 0 ? { customFields: input.customFields } : {}),
  };
}

/**
 * `POST /users-srv/register` with the `requestId` header (the only one required); for an
 * invitation, `?invite_id=` (docs/provider-contract.md §2.16).
 */
export async function register(args: {
  requestId: string;
  locale: string;
  input: RegistrationInput;
  fieldKeys: string[];
  inviteId?: string;
}): Promise<RegisterOutcome> {
  const call: ProviderCall = {
    service: 'users-srv',
    operation: 'registration.register',
    method: 'POST',
    path: '/users-srv/register',
    ...(args.inviteId ? { query: { invite_id: args.inviteId } } : {}),
    body: registerBody(args.input),
    headers: { requestId: args.requestId },
    locale: args.locale,
    signIn: args.requestId,
  };
  return readRegistration(call, await callProvider(call), args.fieldKeys);
}

const Refusal = z
  .object({
    error: z
      .union([z.string(), z.object({ code: z.union([z.string(), z.number()]).optional(), error: z.string().optional(), type: z.string().optional() }).loose()])
      .optional(),
    code: z.union([z.string(), z.number()]).optional(),
  })
  .loose();

/** Reads the register answer (exported for the unit tests of recorded answers). */
export function readRegistration(call: Pick<ProviderCall, 'service' | 'operation'>, reply: ProviderReply, fieldKeys: string[]): RegisterOutcome {
  const answer = readAnswer(call, reply);
  if (answer.kind === 'data') {
    const parsed = Registered.safeParse(answer.data ?? {});
    if (!parsed.success) throw unexpected(call, answer, parsed.error);
    const d = parsed.data;
    const suggestedAction = d.suggested_action?.trim().toUpperCase() || undefined;
    return {
      kind: 'registered',
      sub: d.sub,
      suggestedAction,
      trackId: d.track_id ?? d.trackId,
      emailVerified: d.email_verified,
      userStatus: d.userStatus?.trim().toUpperCase() || undefined,
    };
  }
  if (answer.kind !== 'refused') throw unexpected(call, answer);
  const body = Refusal.safeParse(reply.json);
  const error = body.success ? body.data.error : undefined;
  const message = typeof error === 'string' ? error : (error?.error ?? '');
  const code = String((typeof error === 'object' ? error.code : undefined) ?? (body.success ? body.data.code : '') ?? '');
  // 409 is what the 4.x registration documents for a conflict; the body is U, so an
  // "already exists" / "already registered" message counts too (docs/provider-contract.md).
  if (reply.status === 409 || /already\s+(exists|registered|in use)|user.?exists/i.test(message)) return { kind: 'exists' };
  if (code === '10001' || code === '10002' || answer.error.meaning === 'reference-invalid') return { kind: 'request-invalid' };
  // 417 code 507 "given_name cannot be null": a required field; the message's first word names it.
  if (reply.status === 417 || reply.status === 400) {
    const named = fieldKeys.find((key) => new RegExp(`^\\s*${key.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\b`).test(message));
    const reason = /null|required|missing/i.test(message) ? 'missing' : 'invalid';
    if (named || code === '507') return { kind: 'field-refused', field: named, reason };
  }
  throw answer.error;
}
