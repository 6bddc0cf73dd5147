import type { IncomingMessage, ServerResponse } from 'node:http';

/** Small HTTP helpers for the stand-in: bodies, envelopes and redirects as cidaas sends them. */

export type Req = IncomingMessage & { url: string; method: string };
export type Res = ServerResponse;
export type Params = Record<string, string>;
export type Body = Record<string, unknown>;
export type Handler = (req: Req, res: Res, params: Params, url: URL, body: Body) => unknown;

const MAX_BODY = 256 * 1024;

/**
 * What a route accepts as its body (docs/provider-contract.md §1): a JSON API only JSON, a
 * browser-facing endpoint only a form post, the token endpoint either.
 */
export type Encoding = 'json' | 'form' | 'either';

async function readText(req: Req): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY) throw new Error('body too large');
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * Reads the body as the route's encoding allows. A JSON route given anything else (or broken JSON)
 * gets `undefined`, which the route answers as its service does; a form route given JSON sees no
 * fields, as a form parser would.
 */
export async function readBody(req: Req, encoding: Encoding): Promise<Record<string, unknown> | undefined> {
  const text = await readText(req);
  const type = (req.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
  const isJson = type === 'application/json';
  const isForm = type === 'application/x-www-form-urlencoded';
  if (encoding === 'form') return isForm ? Object.fromEntries(new URLSearchParams(text)) : {};
  if (isForm && encoding === 'either') return Object.fromEntries(new URLSearchParams(text));
  if (!text) return isJson || type === '' ? {} : undefined;
  if (!isJson) return undefined;
  try {
    const parsed: unknown = JSON.parse(text);
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

export function sendJson(res: Res, status: number, body: unknown): void {
  const payload = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'cache-control': 'no-store',
    'content-length': Buffer.byteLength(payload),
  });
  res.end(payload);
}

/** The generic success envelope: HTTP status equals `status`. */
export function ok(res: Res, data: unknown): void {
  sendJson(res, 200, { success: true, status: 200, data });
}

/** The generic failure envelope with a service error object (docs/provider-contract.md §1). */
export function fail(res: Res, status: number, code: string | number, error: string, type = 'ServiceException', extra: Record<string, unknown> = {}): void {
  sendJson(res, status, {
    success: false,
    status,
    error: { code, moreInfo: '', type, status, referenceNumber: `${Date.now()}-standin`, error, ...extra },
  });
}

/**
 * verification-actions-srv's failure (docs/provider-contract.md §1): `success: false` with a
 * top-level string `code` (VER_*), the error's name and description beside it, and no error object.
 */
export function failWithCode(res: Res, status: number, code: string, error: string, description: string): void {
  sendJson(res, status, { success: false, status, code, error, error_description: description });
}

/** OAuth-style error without an envelope (token and introspection endpoints). */
export function oauthError(res: Res, status: number, error: string, description: string): void {
  sendJson(res, status, { error, error_description: description });
}

/** The query string of a hosted-page redirect, leaving out empty values. */
export function withParams(url: string, params: Record<string, string | undefined>): string {
  const target = new URL(url);
  for (const [key, value] of Object.entries(params)) if (value !== undefined) target.searchParams.set(key, value);
  return target.toString();
}

export function redirectTo(res: Res, location: string): void {
  res.writeHead(302, { location, 'cache-control': 'no-store' });
  res.end();
}

export function sendHtml(res: Res, status: number, html: string): void {
  res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
  res.end(html);
}

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export function str(value: unknown): string | undefined {
  return typeof value === 'string' && value.length > 0 ? value : undefined;
}

/** A mobile number in its international form (+ and country code, E.164): the only form the stand-in takes. */
export function isInternationalNumber(value: unknown): value is string {
  return typeof value === 'string' && /^\+[1-9]\d{6,14}$/.test(value);
}
