import { beforeEach, describe, expect, test, vi } from 'vitest';
import { jar, nextHeaders, nextIntlServer, resetRequest } from './support/next-request';

vi.mock('next/headers', () => nextHeaders);
vi.mock('next-intl/server', () => nextIntlServer);
vi.mock('react', async (original) => ({ ...(await original<typeof import('react')>()), cache: <T>(fn: T) => fn }));

const { askBeforeReplacing, confirmHeld, currentStep, inProgress, onlyAnInvitation } = await import('@/lib/flows/replacement');
const { readFlow, startFlow, updateFlow } = await import('@/lib/session');

const MINE = '11111111-1111-4111-8111-111111111111';
const THEIRS = '22222222-2222-4222-8222-222222222222';
const TRACK = '33333333-3333-4333-8333-333333333333';
const entry = (requestId: string) => new URL(`http://app.test/reset-password?rprq=r&requestId=${requestId}`);

describe('a link for another sign-in than the one in progress', () => {
  beforeEach(resetRequest);

  test('with no sign-in here, or one for the same request, it goes through', async () => {
    expect(await askBeforeReplacing(THEIRS, entry(THEIRS))).toBeUndefined();
    await startFlow({ requestId: THEIRS, email: 'anna@example.com' });
    expect(await askBeforeReplacing(THEIRS, entry(THEIRS))).toBeUndefined();
  });

  test('with another in progress it is held, the person asked; once confirmed, that very link goes through, once', async () => {
    await startFlow({ requestId: MINE, email: 'anna@example.com' });
    expect(await askBeforeReplacing(THEIRS, entry(THEIRS))).toBe(`/switch-sign-in?requestId=${THEIRS}`);
    // Asked again without confirming: still held. Another link is not confirmed by this one's answer.
    expect(await askBeforeReplacing(THEIRS, entry(THEIRS))).toBe(`/switch-sign-in?requestId=${THEIRS}`);
    expect(await confirmHeld(MINE)).toBeUndefined();
    expect(await confirmHeld(THEIRS)).toBe(`/reset-password?rprq=r&requestId=${THEIRS}`);
    expect(await askBeforeReplacing(THEIRS, entry(THEIRS))).toBeUndefined();
    // The confirmation is spent: the same link again (the sign-in still in the cookie) asks again.
    expect(await askBeforeReplacing(THEIRS, entry(THEIRS))).toBe(`/switch-sign-in?requestId=${THEIRS}`);
    expect((await readFlow())?.requestId).toBe(MINE);
  });

  test('only what an entry reads is held, each value bounded: junk in the address makes no large cookie; an address too long for any entry is not opened', async () => {
    await startFlow({ requestId: MINE, email: 'anna@example.com' });
    const junky = new URL(`${entry(THEIRS)}&${'x'.repeat(40)}=${'y'.repeat(6000)}&utm=${'z'.repeat(300)}&error_description=${'d'.repeat(900)}`);
    expect(await askBeforeReplacing(THEIRS, junky)).toBe(`/switch-sign-in?requestId=${THEIRS}`);
    const held = [...jar].find(([name]) => name.includes('signin_held'))![1].value;
    expect(held.length).toBeLessThan(1024);
    expect(await confirmHeld(THEIRS)).toBe(`/reset-password?rprq=r&requestId=${THEIRS}`);
    const tooLong = new URL(`http://app.test/reset-password?requestId=${THEIRS}${'&rprq=r'.repeat(400)}`);
    expect(await askBeforeReplacing(THEIRS, tooLong)).toBe(`/error?reason=invalid-request&requestId=${THEIRS}`);
  });

  test('a sign-in already handed to the provider is not in progress; one back with an open precheck is', async () => {
    await startFlow({ requestId: MINE, email: 'anna@example.com' });
    expect(inProgress((await readFlow())!)).toBe(true);
    await updateFlow({ continuation: { target: 'verification-login', statusId: 's', sub: 'sub-1', verificationType: 'password' } });
    expect(inProgress((await readFlow())!)).toBe(false);
    expect(await askBeforeReplacing(THEIRS, entry(THEIRS))).toBeUndefined();
    await updateFlow({ precheck: { kind: 'mfa', trackId: TRACK } });
    expect(inProgress((await readFlow())!)).toBe(true);
    expect(currentStep((await readFlow())!)).toBe(`/register-mfa?requestId=${MINE}`);
    await updateFlow({ continuation: { target: 'precheck-continue', trackId: TRACK, sub: 'sub-1', statusId: 's2', verificationType: 'EMAIL' } });
    expect(inProgress((await readFlow())!)).toBe(false);
  });

  test('an invitation being accepted: "back to it" is its register page', async () => {
    await startFlow({ requestId: MINE, invite: 'invite-0001' });
    expect(currentStep((await readFlow())!)).toBe(`/register?requestId=${MINE}`);
  });

  test('only an invitation opened, nothing else done: another invitation link may replace it without asking (D58)', async () => {
    await startFlow({ requestId: MINE, invite: 'invite-0001' });
    expect(onlyAnInvitation((await readFlow())!)).toBe(true);
    // An address typed into it that turned out to exist ("sign in with this address") is still nothing done.
    await updateFlow({ email: 'anna@example.com' });
    expect(onlyAnInvitation((await readFlow())!)).toBe(true);
    // An account met (a password step, a provider's entry), or a sign-in handed on: a sign-in in progress.
    await updateFlow({ sub: 'sub-1' });
    expect(onlyAnInvitation((await readFlow())!)).toBe(false);
    await startFlow({ requestId: MINE, invite: 'invite-0001', verify: { sentAt: 1 } });
    expect(onlyAnInvitation((await readFlow())!)).toBe(false);
    await startFlow({ requestId: MINE, email: 'anna@example.com' });
    expect(onlyAnInvitation((await readFlow())!)).toBe(false);
  });
});
