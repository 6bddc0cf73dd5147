// `npm run tenant:check -- --record [file]`: every answer the check receives, written as its shape
// with the values removed, so an operator can send it with a bug report and the project can replay
// it in its unit tests (tests/unit/fixtures/recordings/). Kept: the status, each key and the type of
// its value, where the error code sits and the code itself, the Location's path (ids replaced) and
// its parameter names, and the values of keys that hold the provider's own constants (codes,
// actions, types, scope names), never an address, a name, a token or an id.
import type { Answer } from '../lib/provider/answer.ts';
import type { ProviderReply } from '../lib/provider/http.ts';

/** Keys whose values are the provider's vocabulary, not anybody's data: kept as they are. */
const CONSTANT_KEYS = new Set([
  'action',
  'code',
  'error_code',
  'error',
  'status',
  'success',
  'type',
  'verification_type',
  'validation_type',
  'usage_type',
  'reason',
  'token_type',
  'scope',
  'suggested_action',
  'used',
  'logged_in',
]);
/** A constant is short and plain (VER_0006, invalid_request, ALLOFMANDATORY, openid email profile). */
const CONSTANT = /^[A-Za-z0-9_. :-]{1,120}$/;

export type Shape = string | number | boolean | null | Shape[] | { [key: string]: Shape };

/** The value's shape: types for values, constants kept where the key names the provider's vocabulary. */
export function shapeOf(value: unknown, key = ''): Shape {
  if (value === null) return null;
  if (Array.isArray(value)) return value.length === 0 ? [] : [shapeOf(value[0], key)];
  if (typeof value === 'object') return Object.fromEntries(Object.entries(value as Record<string, unknown>).map(([k, v]) => [k, shapeOf(v, k)]));
  const keep = CONSTANT_KEYS.has(key) && (typeof value === 'boolean' || typeof value === 'number' || (typeof value === 'string' && CONSTANT.test(value)));
  if (keep) return value as string | number | boolean;
  return `<${typeof value}>`;
}

/** Ids in a path (UUIDs, long tokens) replaced, so a recording names no sign-in. */
export function redactPath(path: string): string {
  return path
    .split('?')[0]
    .split('/')
    .map((segment) => (/^[0-9a-f]{8}-[0-9a-f-]{27,}$/i.test(segment) || /^[A-Za-z0-9_-]{20,}$/.test(segment) ? '{id}' : segment))
    .join('/');
}

/** Where the code this build classified sits in the body (the order lib/provider/answer.ts reads them). */
export function codePlace(json: unknown, code: string | number | undefined): string | undefined {
  if (code === undefined || !json || typeof json !== 'object') return undefined;
  const body = json as Record<string, unknown>;
  const error = body.error && typeof body.error === 'object' ? (body.error as Record<string, unknown>) : undefined;
  const places: Array<[string, unknown]> = [
    ['code', body.code],
    ['error.code', error?.code],
    ['error.error_code', error?.error_code],
    ['error.error', error?.error],
    ['error', typeof body.error === 'string' ? body.error : undefined],
    ['error_code', body.error_code],
  ];
  return places.find(([, value]) => value !== undefined && String(value) === String(code))?.[0];
}

export type Recorded = {
  service: string;
  operation: string;
  method: string;
  path: string;
  status: number;
  /** What this build made of the answer. */
  read: { kind: Answer['kind']; code?: string | number; meaning?: string; codeAt?: string; failure?: boolean };
  body?: Shape;
  location?: { path: string; params: string[] };
};

/** One answer as it is recorded (and replayed by tests/unit/tenant-record.test.ts). */
export function record(call: { service: string; operation: string; method: string; path: string }, reply: ProviderReply, answer: Answer): Recorded {
  const read: Recorded['read'] = { kind: answer.kind };
  if (answer.kind === 'refused') {
    Object.assign(read, { code: answer.error.code, meaning: answer.error.meaning, codeAt: codePlace(reply.json, answer.error.code) });
  }
  if (answer.kind === 'redirect') read.failure = answer.failure !== undefined;
  return {
    service: call.service,
    operation: call.operation,
    method: call.method,
    path: redactPath(call.path.startsWith('http') ? new URL(call.path).pathname : call.path),
    status: reply.status,
    read,
    ...(reply.json !== null && reply.json !== undefined ? { body: shapeOf(reply.json) } : {}),
    ...(reply.location ? { location: { path: redactPath(reply.location.pathname), params: [...new Set(reply.location.searchParams.keys())].sort() } } : {}),
  };
}

/** A body of the recorded shape (a value for each type, the constants as recorded), to read again. */
export function bodyOf(shape: Shape | undefined): unknown {
  if (shape === undefined) return null;
  if (Array.isArray(shape)) return shape.map(bodyOf);
  if (shape && typeof shape === 'object') return Object.fromEntries(Object.entries(shape).map(([k, v]) => [k, bodyOf(v)]));
  if (shape === '<string>') return 'x';
  if (shape === '<number>') return 1;
  if (shape === '<boolean>') return true;
  return shape;
}
