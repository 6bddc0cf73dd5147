import type { IncomingMessage, ServerResponse } from 'node:http';

/** Small HTTP helpers for the stand-in: bodies, envelopes and redirects as cidaas sends them. */

export type Req = IncomingMessage & { url: string; method: string };
export type Res = ServerResponse;
export type Params = Record<string, string>;
export type Handler = (req: Req, res: Res, params: Params, url: URL) => unknown;

const MAX_BODY = 256 * 1024;

/** Reads a JSON or urlencoded body (the token endpoint accepts both, like cidaas). */
export async function readBody(req: Req): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY) throw new Error('body too large');
    chunks.push(chunk as Buffer);
  }
  const text = Buffer.concat(chunks).toString('utf8');
  if (!text) return {};
  const type = req.headers['content-type'] ?? '';
  if (type.includes('application/json')) {
    const parsed: unknown = JSON.parse(text);
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : {};
  }
  return Object.fromEntries(new URLSearchParams(text));
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

/** The generic failure envelope with a service error object (provider-api.md §1). */
export function fail(res: Res, status: number, code: string | number, error: string, type = 'ServiceException'): void {
  sendJson(res, status, {
    success: false,
    status,
    error: { code, moreInfo: '', type, status, referenceNumber: `${Date.now()}-standin`, error },
  });
}

/** OAuth-style error without an envelope (token and introspection endpoints). */
export function oauthError(res: Res, status: number, error: string, description: string): void {
  sendJson(res, status, { error, error_description: description });
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
