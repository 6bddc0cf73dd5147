import { describe, expect, test } from 'vitest';
import { readAnswer, redirectError } from '@/lib/provider/answer';
import type { ProviderService } from '@/lib/provider/error-codes';

/**
 * Recorded provider answers (docs/provider-contract.md §1, §5), each read as the service that sent
 * it: what kind of answer it is, and which code and meaning the service's table finds. The bodies
 * are the shapes cidaas's SDK mocks and docs show (reference numbers and ids shortened).
 */
const reply = (status: number, json: unknown, location?: string) => ({ status, json, location: location ? new URL(location) : undefined });
const read = (service: ProviderService, status: number, json: unknown, location?: string) =>
  readAnswer({ service, operation: 'recorded' }, reply(status, json, location));

const refusal = (answer: ReturnType<typeof read>) => {
  if (answer.kind !== 'refused') throw new Error(`expected a refusal, got ${answer.kind}`);
  return { status: answer.error.status, code: answer.error.code, meaning: answer.error.meaning, unknown: answer.error.unknownCode };
};

describe('successes', () => {
  test('the envelope: data is what the step reads', () => {
    const answer = read('users-srv', 200, { success: true, status: 200, data: { reset_initiated: true, rprq: 'c2f4-rprq' } });
    expect(answer).toMatchObject({ kind: 'data', data: { reset_initiated: true, rprq: 'c2f4-rprq' } });
  });

  test('success: true counts even with another status; an empty 200 is a success without data', () => {
    expect(read('public-srv', 201, { success: true, status: 201, data: { client_name: 'x' } }).kind).toBe('data');
    expect(read('public-srv', 200, null)).toMatchObject({ kind: 'data', data: undefined });
  });

  test('204 is its own answer (unknown user, used track), never data', () => {
    expect(read('useractions-srv', 204, null).kind).toBe('empty');
    expect(read('token-srv', 204, null).kind).toBe('empty');
  });

  test('an OAuth answer has no envelope: the body itself is kept', () => {
    const answer = read('token-srv', 200, { token_type: 'Bearer', access_token: 'at', expires_in: 600 });
    expect(answer).toMatchObject({ kind: 'data', data: undefined, body: { access_token: 'at' } });
  });
});

describe('302 answers of the browser-facing endpoints', () => {
  test('reset accepted (current generation): password_set_success, no failure', () => {
    const answer = read('password-srv', 302, null, 'https://tenant.cidaas.de/identity/password_set_success?requestId=r-1&suggested_action=LOGIN&trackId=t-1');
    expect(answer).toMatchObject({ kind: 'redirect', failure: undefined });
  });

  test('reset refused: back to password_set with error_code VER_0120 → a breached password', () => {
    const answer = read(
      'password-srv',
      302,
      null,
      'https://tenant.cidaas.de/identity/password_set?requestId=r&rprq=p&exchangeid=e&resetMedium=email&error=Bad+Request&error_description=The+password+is+compromised&error_code=VER_0120',
    );
    if (answer.kind !== 'redirect' || !answer.failure) throw new Error('expected an error redirect');
    expect(answer.failure).toEqual({ code: 'VER_0120', error: 'Bad Request' });
    expect(redirectError({ service: 'password-srv', operation: 'x' }, 302, answer.failure)).toMatchObject({ code: 'VER_0120', meaning: 'password-pwned' });
  });

  test('a redirect to the hosted error page is a failure even without a code', () => {
    const answer = read('verification-actions-srv', 302, null, 'https://tenant.cidaas.de/identity/error');
    expect(answer).toMatchObject({ kind: 'redirect', failure: { code: undefined, error: undefined } });
  });

  test('account confirmation started (current generation): verification_complete names the accvid', () => {
    const answer = read(
      'verification-actions-srv',
      302,
      null,
      'https://login.example.com/verify-email-complete?accvid=a-1&email=j***%40example.com&processingType=LINK&requestId=r&type=email',
    );
    expect(answer.kind === 'redirect' && answer.location.searchParams.get('accvid')).toBe('a-1');
    expect(answer.kind === 'redirect' && answer.failure).toBe(undefined);
  });

  test('an MFA initiation answered 403 with a redirectUrl hands the browser on', () => {
    const answer = read('verification-srv', 403, {
      success: false,
      status: 403,
      error: { code: 403, error_code: 403, error: 'setup required', redirectUrl: 'https://tenant.cidaas.de/setup/push' },
    });
    expect(answer).toMatchObject({ kind: 'redirect', failure: undefined });
    expect(answer.kind === 'redirect' && answer.location.toString()).toBe('https://tenant.cidaas.de/setup/push');
    // A 403 without a target is an ordinary refusal.
    expect(read('verification-srv', 403, { success: false, status: 403, error: { code: 403 } }).kind).toBe('refused');
  });
});

describe('refusals, by service', () => {
  test.each([
    [
      'users-srv',
      400,
      {
        success: false,
        status: 400,
        error: { code: 10001, moreInfo: '', type: 'UsersException', status: 400, referenceNumber: '1603-a', error: 'Invalid request id' },
      },
      10001,
      'reference-invalid',
    ],
    [
      'users-srv',
      400,
      { success: false, status: 400, error: { code: 10002, type: 'UsersException', status: 400, error: 'Invalid resetRequestId or exchangeId' } },
      10002,
      'reference-invalid',
    ],
    [
      'users-srv',
      417,
      { success: false, status: 417, error: { code: 10009, type: 'UsersException', status: 417, error: 'password and confirmPassword not matching' } },
      10009,
      'passwords-differ',
    ],
    [
      'users-srv',
      400,
      { success: false, status: 400, error: { code: 'VER_0119', status: 400, error: 'The password has been used' } },
      'VER_0119',
      'password-reused',
    ],
    ['useractions-srv', 400, { success: false, status: 400, error: { code: 10301, error: 'user not found' } }, 10301, 'user-not-found'],
    [
      'verification-srv',
      400,
      { success: false, status: 400, error: { code: 3072, type: 'VerificationException', error: 'invalid password' } },
      3072,
      'wrong-password',
    ],
    ['verification-srv', 400, { success: false, status: 400, error: { code: '3063', error: 'code invalid or already used' } }, '3063', 'code-invalid'],
    [
      'verification-srv',
      400,
      { success: false, status: 400, error: { code: 'VER1003', error: 'client_error: issue with the request payload structure' } },
      'VER1003',
      'request-malformed',
    ],
    [
      'verification-actions-srv',
      400,
      { success: false, status: 400, error: { code: 'VER_0006', error: 'invalid_request', error_description: 'invalid "requestId" or "accvid"' } },
      'VER_0006',
      'reference-invalid',
    ],
    [
      'verification-actions-srv',
      400,
      { success: false, status: 400, error: { error: 'invalid_code', error_description: 'the code is not valid' } },
      'invalid_code',
      'code-invalid',
    ],
    ['public-srv', 400, { success: false, status: 400, error: { code: 'PUB10001', error: 'request ID is invalid' } }, 'PUB10001', 'reference-invalid'],
    [
      'login-srv',
      417,
      {
        error: 'invalid_username_password',
        error_description: 'Given username or password is invalid',
        username: 'a@b.c',
        username_type: 'email',
        view_type: 'login',
        requestId: 'r',
        sub: 's',
        q: 's',
        suggested_url: 'https://t/login?error=invalid_username_password',
      },
      'invalid_username_password',
      'wrong-password',
    ],
    ['token-srv', 400, { error: 'invalid_grant', error_description: 'The provided authorization grant is invalid' }, 'invalid_grant', 'reference-invalid'],
  ] as const)('%s %i %j', (service, status, body, code, meaning) => {
    expect(refusal(read(service, status, body))).toEqual({ status, code, meaning, unknown: false });
  });

  // verification-actions-srv (the 4.0.6 set-up pages): "success: false with a top-level string code
  // (VER_*) and status", beside the error's name and description (the docs' error table's columns).
  const topLevel = (status: number, code: string, error: string) => ({ success: false, status, code, error, error_description: 'x' });
  test.each([
    [topLevel(400, 'VER_0025', 'invalid_request'), 'VER_0025', 'reference-invalid'],
    [topLevel(400, 'VER_0028', 'method_not_active'), 'VER_0028', 'method-unavailable'],
    [topLevel(400, 'VER_0029', 'method_already_configured'), 'VER_0029', 'method-configured'],
    [topLevel(400, 'VER_0030', 'invalid_method'), 'VER_0030', 'request-malformed'],
    [topLevel(400, 'VER_0005', 'missing_data'), 'VER_0005', 'request-malformed'],
    [topLevel(400, 'VER_0004', 'invalid_request_payload'), 'VER_0004', 'request-malformed'],
    [topLevel(400, 'VER_0034', 'already_configured'), 'VER_0034', 'method-configured'],
    [topLevel(400, 'VER_0035', 'invalid_request_payload'), 'VER_0035', 'request-malformed'],
    [topLevel(400, 'VER_0006', 'invalid_request'), 'VER_0006', 'reference-invalid'],
  ] as const)('verification-actions-srv, top-level code: %j', (body, code, meaning) => {
    expect(refusal(read('verification-actions-srv', body.status, body))).toEqual({ status: body.status, code, meaning, unknown: false });
  });

  test('a top-level code is read before the error object and before a top-level error name', () => {
    // invalid_request means "reference invalid" to login-srv; the VER_ code beside it is what counts.
    expect(refusal(read('verification-actions-srv', 400, topLevel(400, 'VER_0029', 'invalid_request')))).toMatchObject({ code: 'VER_0029' });
    const both = { success: false, status: 400, code: 'VER_0028', error: { code: 'VER_0006' } };
    expect(refusal(read('verification-actions-srv', 400, both))).toMatchObject({ code: 'VER_0028', meaning: 'method-unavailable' });
    // An unknown top-level code does not hide a known one elsewhere; it is reported when none is known.
    expect(refusal(read('verification-actions-srv', 400, topLevel(400, 'VER_0008', 'verification_failed')))).toEqual({
      status: 400,
      code: 'VER_0008',
      meaning: undefined,
      unknown: true,
    });
  });

  test('a code the table does not know is kept, with no meaning, and flagged for the operator', () => {
    expect(refusal(read('password-srv', 400, { success: false, status: 400, error: { code: 'VER_0999', error: 'new_thing' } }))).toEqual({
      status: 400,
      code: 'VER_0999',
      meaning: undefined,
      unknown: true,
    });
  });

  test('a known code wins over a generic error string beside it', () => {
    const answer = read('users-srv', 400, { success: false, status: 400, error: { code: 'VER_0120', error: 'Bad Request' } });
    expect(refusal(answer)).toMatchObject({ code: 'VER_0120', meaning: 'password-pwned' });
  });

  test('a failure without any code is a refusal with no code (not flagged: nothing to add)', () => {
    expect(refusal(read('public-srv', 500, { success: false, status: 500 }))).toEqual({ status: 500, code: undefined, meaning: undefined, unknown: false });
  });
});
