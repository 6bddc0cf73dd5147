import 'server-only';
import sanitizeHtml from 'sanitize-html';
import { z } from 'zod';
import { readAnswer, unexpected, type Answer } from './answer';
import { callProvider, type ProviderCall, type ProviderReply } from './http';

/**
 * Terms and consent during sign-in (docs/provider-contract.md §2.17): the text of the consent
 * version the tenant asks the person to accept, and the acceptance. Every shape the sources
 * disagree on is read here and only here.
 */

/** The consent the tenant's `consent_preview` page names, and for whom. */
export type ConsentRequest = {
  consentId: string;
  versionId: string;
  /** The account, as the page named it: `sub`, or its masked form `q` (`masked`). */
  sub: string;
  masked?: boolean;
  trackId: string;
  requestId: string;
  clientId: string;
  locale: string;
};

/** What the page shows: the title, the version, the text (sanitised HTML) and/or a link to it. */
export type ConsentText = {
  title?: string;
  version?: string;
  /** Sanitised with sanitizeConsentHtml: safe to put in the page as it is. */
  html?: string;
  /** An https address of the full text. */
  url?: string;
  /** The language the tenant wrote the text in, when it says (the text's `lang`). */
  locale?: string;
};

export type ConsentLookup = { kind: 'found'; text: ConsentText } | { kind: 'unknown' };

// ---------------------------------------------------------------------------------------------
// Reading the text

const Text = z.string().max(200_000);
const Id = z.union([z.string(), z.number()]).transform(String);

/** `consent_locale` of a version (JS SDK's `ConsentVersion` type): title, url, content, locale. */
const ConsentLocale = z
  .object({
    consent_version_id: Id.optional(),
    title: Text.optional(),
    url: Text.optional(),
    content: Text.optional(),
    locale: z.string().max(35).optional(),
  })
  .loose();

const Version = z
  .object({
    id: Id.optional(),
    _id: Id.optional(),
    consent_version_id: Id.optional(),
    version: z.union([z.number(), z.string().max(40)]).optional(),
    consent_locale: ConsentLocale.nullish(),
    consent_locales: z.array(ConsentLocale).max(100).nullish(),
  })
  .loose();
type Version = z.infer<typeof Version>;

/** `usage/public/info`: `data: {consent_id, consent_name, consent_version_id, content, url, …}`. */
const PublicInfo = z
  .object({
    consent_id: Id.optional(),
    consent_name: Text.optional(),
    consent_version_id: Id.optional(),
    content: Text.nullish(),
    url: Text.nullish(),
    version: z.union([z.number(), z.string().max(40)]).optional(),
    title: Text.optional(),
    locale: z.string().max(35).optional(),
  })
  .loose();

/**
 * The text of the asked version in the page's language. The localised version details (the newer
 * call, one SDK) first; where they are not served, or do not name this version, the public usage
 * information every SDK calls. `unknown`: the tenant knows no such consent or version (404).
 */
const detailsCall = (request: Pick<ConsentRequest, 'consentId' | 'locale' | 'requestId'>): ProviderCall => ({
  service: 'consent-management-srv',
  operation: 'consent.version',
  method: 'GET',
  path: `/consent-management-srv/v2/consent/versions/details/${encodeURIComponent(request.consentId)}`,
  query: { locale: request.locale },
  locale: request.locale,
  signIn: request.requestId,
});

export async function readConsent(request: ConsentRequest): Promise<ConsentLookup> {
  const details = detailsCall(request);
  const fromDetails = versionText(readAnswer(details, await callProvider(details)), request.versionId);
  if (fromDetails) return { kind: 'found', text: fromDetails };
  const info: ProviderCall = {
    service: 'consent-management-srv',
    operation: 'consent.info',
    method: 'POST',
    path: '/consent-management-srv/v2/consent/usage/public/info',
    body: {
      consent_id: request.consentId,
      consent_version_id: request.versionId,
      [request.masked ? 'q' : 'sub']: request.sub,
      requestId: request.requestId,
      track_id: request.trackId,
      client_id: request.clientId,
    },
    locale: request.locale,
    signIn: request.requestId,
  };
  return readPublicInfo(info, await callProvider(info));
}

/** The version details' text for `versionId`, or undefined (not served, another version, no text). */
export function versionText(answer: Answer, versionId: string): ConsentText | undefined {
  // A 4xx (not served here, a tenant that keys versions otherwise): the other path says the rest.
  if (answer.kind === 'refused' && answer.status >= 500) throw answer.error;
  if (answer.kind !== 'data') return undefined;
  // One version, or a list of them (the consent's versions).
  const candidates = Array.isArray(answer.data) ? answer.data : [answer.data];
  const versions = candidates.flatMap((raw) => {
    const parsed = Version.safeParse(raw);
    return parsed.success ? [parsed.data] : [];
  });
  const named = versions.filter((v) => idsOf(v).length > 0);
  const version = named.find((v) => idsOf(v).includes(versionId)) ?? (versions.length === 1 && named.length === 0 ? versions[0] : undefined);
  if (!version) return undefined;
  const locale = version.consent_locale ?? version.consent_locales?.[0];
  return textOf({ title: locale?.title, version: version.version, content: locale?.content, url: locale?.url, locale: locale?.locale });
}

/**
 * The consent's current version, as its version details name it (the one version they answer
 * with, or the highest-numbered of a list), where they are served; else undefined.
 */
export async function readCurrentVersion(request: Pick<ConsentRequest, 'consentId' | 'locale' | 'requestId'>): Promise<string | undefined> {
  const call = detailsCall(request);
  const answer = readAnswer(call, await callProvider(call));
  if (answer.kind === 'refused' && answer.status >= 500) throw answer.error;
  if (answer.kind !== 'data') return undefined;
  const versions = (Array.isArray(answer.data) ? answer.data : [answer.data]).flatMap((raw) => {
    const parsed = Version.safeParse(raw);
    return parsed.success && idsOf(parsed.data).length > 0 ? [parsed.data] : [];
  });
  const number = (v: Version) => Number(v.version ?? Number.NEGATIVE_INFINITY);
  const current = versions.length === 1 ? versions[0] : versions.filter((v) => Number.isFinite(number(v))).sort((a, b) => number(b) - number(a))[0];
  return current ? idsOf(current)[0] : undefined;
}

function idsOf(version: Version): string[] {
  return [version.id, version._id, version.consent_version_id, version.consent_locale?.consent_version_id].filter((id): id is string => Boolean(id));
}

/** The public usage information (exported for the unit tests of recorded answers). */
export function readPublicInfo(call: Pick<ProviderCall, 'service' | 'operation'>, reply: ProviderReply): ConsentLookup {
  const answer = readAnswer(call, reply);
  if (answer.kind === 'refused' && answer.status === 404) return { kind: 'unknown' };
  if (answer.kind !== 'data') throw unexpected(call, answer);
  const parsed = PublicInfo.safeParse(answer.data ?? answer.body);
  if (!parsed.success) throw unexpected(call, answer, parsed.error);
  const d = parsed.data;
  const text = textOf({ title: d.title ?? d.consent_name, version: d.version, content: d.content ?? undefined, url: d.url ?? undefined, locale: d.locale });
  if (!text) throw unexpected(call, answer);
  return { kind: 'found', text };
}

/** The parts worth showing; undefined when there is neither a text nor a usable link. */
function textOf(raw: { title?: string; version?: string | number; content?: string; url?: string; locale?: string }): ConsentText | undefined {
  const html = raw.content?.trim() ? sanitizeConsentHtml(raw.content) : '';
  const url = httpsUrl(raw.url);
  if (!html && !url) return undefined;
  const text: ConsentText = {};
  const title = raw.title?.trim();
  if (title) text.title = title.slice(0, 200);
  if (raw.version !== undefined && String(raw.version).trim()) text.version = String(raw.version).trim();
  if (html) text.html = html;
  if (url) text.url = url;
  if (raw.locale && /^[A-Za-z]{2,3}([-_][A-Za-z0-9]{2,8})*$/.test(raw.locale)) text.locale = raw.locale.replace(/_/g, '-');
  return text;
}

function httpsUrl(value: string | undefined): string | undefined {
  if (!value || !URL.canParse(value.trim())) return undefined;
  const url = new URL(value.trim());
  return url.protocol === 'https:' ? url.toString() : undefined;
}

// ---------------------------------------------------------------------------------------------
// Sanitising

/**
 * The tenant's consent text may be HTML (its editor's) or plain text. It is shown in this page, so
 * only harmless formatting stays: paragraphs, line breaks, emphasis, lists, headings (below the
 * page's own), quotes and https links. Scripts, styles, event handlers, forms, frames and images
 * go (the page's Content-Security-Policy would refuse a foreign image anyway); a link that is
 * not https becomes its text.
 */
const ALLOWED_TAGS = ['p', 'br', 'strong', 'b', 'em', 'i', 'u', 'ul', 'ol', 'li', 'h3', 'h4', 'blockquote', 'a', 'span'];

export function sanitizeConsentHtml(content: string): string {
  const html = /<[a-z!/]/i.test(content) ? content : plainToHtml(content);
  return sanitizeHtml(html, {
    allowedTags: ALLOWED_TAGS,
    allowedAttributes: { a: ['href', 'rel'] },
    allowedSchemes: ['https'],
    allowedSchemesAppliedToAttributes: ['href'],
    allowProtocolRelative: false,
    disallowedTagsMode: 'discard',
    transformTags: {
      // The page has its h1 and the consent's title as h2: the tenant's headings sit below them.
      h1: 'h3',
      h2: 'h3',
      h5: 'h4',
      h6: 'h4',
      a: (_tag, attribs): sanitizeHtml.Tag => {
        const href = httpsUrl(attribs.href);
        return href ? { tagName: 'a', attribs: { href, rel: 'noopener noreferrer' } } : { tagName: 'span', attribs: {} };
      },
    },
  }).trim();
}

/** Plain text: paragraphs at blank lines, line breaks kept (the sanitiser escapes the text). */
function plainToHtml(text: string): string {
  return text
    .split(/\r?\n\s*\r?\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean)
    .map((paragraph) => `<p>${escapeHtml(paragraph).replace(/\r?\n/g, '<br>')}</p>`)
    .join('');
}

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

// ---------------------------------------------------------------------------------------------
// Accepting

export type AcceptOutcome =
  | { kind: 'accepted' }
  /** 404: the tenant knows no such consent or version (any more). */
  | { kind: 'unknown' }
  /** 401, 403: the track no longer vouches for the account (used, expired): the sign-in is over. */
  | { kind: 'not-authorised' }
  /** Another 4xx: the tenant refused to record it, with its code. */
  | { kind: 'refused'; status: number; code: string | number | undefined };

/** The acceptance's body: `sub` or `q` as the page named the account, the track, `action_type: login`. */
export function acceptBody(request: Omit<ConsentRequest, 'locale' | 'requestId'>): Record<string, unknown> {
  return {
    client_id: request.clientId,
    consent_id: request.consentId,
    consent_version_id: request.versionId,
    [request.masked ? 'q' : 'sub']: request.sub,
    trackId: request.trackId,
    action_type: 'login',
  };
}

/** `POST /consent-management-srv/v2/consent/usage/accept`: 200 accepted, 204 accepted before; 404 unknown. */
export async function acceptConsent(request: ConsentRequest): Promise<AcceptOutcome> {
  const call: ProviderCall = {
    service: 'consent-management-srv',
    operation: 'consent.accept',
    method: 'POST',
    path: '/consent-management-srv/v2/consent/usage/accept',
    body: acceptBody(request),
    locale: request.locale,
    signIn: request.requestId,
  };
  return readAcceptance(call, await callProvider(call));
}

const Accepted = z.object({ accepted: z.boolean().optional() }).loose();

/**
 * Reads the acceptance's answer (exported for the unit tests of recorded answers). A 4xx is the
 * tenant's answer about this acceptance, not a failure of this product (the docs list 400, 401 and
 * 404): each is said for what it means; a 5xx or an unreadable answer is thrown.
 */
export function readAcceptance(call: Pick<ProviderCall, 'service' | 'operation'>, reply: ProviderReply): AcceptOutcome {
  const answer = readAnswer(call, reply);
  if (answer.kind === 'empty') return { kind: 'accepted' };
  if (answer.kind === 'refused' && answer.status === 404) return { kind: 'unknown' };
  if (answer.kind === 'refused' && (answer.status === 401 || answer.status === 403)) return { kind: 'not-authorised' };
  if (answer.kind === 'refused' && answer.status < 500) return { kind: 'refused', status: answer.status, code: answer.error.code };
  if (answer.kind !== 'data') throw unexpected(call, answer);
  // `data: {accepted, …}`, or `data: true` as the claim acceptance answers.
  if (answer.data === true) return { kind: 'accepted' };
  const parsed = Accepted.safeParse(answer.data ?? {});
  if (!parsed.success || parsed.data.accepted === false) throw unexpected(call, answer, parsed.error);
  return { kind: 'accepted' };
}
