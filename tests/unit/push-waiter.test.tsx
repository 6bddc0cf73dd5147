// @vitest-environment jsdom
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, test, vi } from 'vitest';
import { PushWaiter } from '@/app/register-mfa/push/push-waiter';
import type { PushCheckState } from '@/lib/validation/form-state';

const labels = { check: 'I have approved it', checking: 'Checking…', auto: 'Continues by itself.', notYet: 'Not yet approved.', limited: 'Too many attempts.' };
const later = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('PushWaiter (with JavaScript)', () => {
  test('asks by itself with the request id, the next ask a full interval after the last came back', async () => {
    const asks: FormData[] = [];
    const gaps: number[] = [];
    let lastDone = 0;
    const check = vi.fn(async (_prev: PushCheckState, form: FormData): Promise<PushCheckState> => {
      if (lastDone) gaps.push(Date.now() - lastDone);
      asks.push(form);
      await later(60); // slower than the interval: asks must not pile up behind a slow one
      lastDone = Date.now();
      return { status: 'pending', asked: false };
    });
    render(<PushWaiter requestId="req-1" action={check} intervalMs={40} labels={labels} />);
    await waitFor(() => expect(asks.length).toBeGreaterThanOrEqual(4), { timeout: 3_000 });
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(30);
    expect(asks.every((f) => f.get('requestId') === 'req-1' && f.get('poll') === '1')).toBe(true);
    expect(screen.queryByText('Not yet approved.')).toBeNull();
    expect(screen.getByText('Continues by itself.')).toBeTruthy();
  });

  test('a press that finds it not yet approved says so, in the live region, and it stays said', async () => {
    const check = vi.fn(async (_prev: PushCheckState, form: FormData): Promise<PushCheckState> => ({ status: 'pending', asked: form.get('poll') !== '1' }));
    render(<PushWaiter requestId="req-1" action={check} intervalMs={30} labels={labels} />);
    fireEvent.click(screen.getByRole('button', { name: 'I have approved it' }));
    await waitFor(() => expect(screen.getByText('Not yet approved.')).toBeTruthy());
    expect(screen.getByText('Not yet approved.').closest('[role="status"]')).toBeTruthy();
    // Later polls (not asked by the person) do not take the answer away.
    const before = check.mock.calls.length;
    await waitFor(() => expect(check.mock.calls.length).toBeGreaterThan(before + 1));
    expect(screen.getByText('Not yet approved.')).toBeTruthy();
  });

  test('over the limit it says so and stops asking', async () => {
    const check = vi.fn(async (): Promise<PushCheckState> => ({ status: 'invalid', fieldErrors: {}, formError: 'tooManyAttempts' }));
    render(<PushWaiter requestId="req-1" action={check} intervalMs={10} labels={labels} />);
    await waitFor(() => expect(screen.getByText('Too many attempts.')).toBeTruthy());
    const calls = check.mock.calls.length;
    await act(() => later(100));
    expect(check.mock.calls.length).toBe(calls);
    expect(screen.queryByText('Continues by itself.')).toBeNull();
  });
});
