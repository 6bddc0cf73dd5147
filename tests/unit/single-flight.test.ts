import { describe, expect, test, vi } from 'vitest';
import { singleFlight } from '@/lib/flows/single-flight';

describe('singleFlight', () => {
  test('identical calls at the same time share one run and its result', async () => {
    const run = vi.fn(async () => ({ outcome: 'wrong' }));
    const [a, b] = await Promise.all([singleFlight(['p', 'r1', 'e', 'x'], run), singleFlight(['p', 'r1', 'e', 'x'], run)]);
    expect(run).toHaveBeenCalledTimes(1);
    expect(a).toBe(b);
  });

  test('different inputs run separately', async () => {
    const run = vi.fn(async () => 'ok');
    await Promise.all([singleFlight(['p', 'r2', 'e', 'x'], run), singleFlight(['p', 'r2', 'e', 'y'], run)]);
    expect(run).toHaveBeenCalledTimes(2);
  });

  test('parts cannot run into each other', async () => {
    const run = vi.fn(async () => 'ok');
    await singleFlight(['p', 'r3', 'ab', 'c'], run);
    await singleFlight(['p', 'r3', 'a', 'bc'], run);
    expect(run).toHaveBeenCalledTimes(2);
  });

  test('a failed run is not kept: the next identical call tries again', async () => {
    const failing = vi.fn(async () => {
      throw new Error('provider down');
    });
    await expect(singleFlight(['p', 'r4', 'e', 'x'], failing)).rejects.toThrow('provider down');
    const working = vi.fn(async () => 'ok');
    await expect(singleFlight(['p', 'r4', 'e', 'x'], working)).resolves.toBe('ok');
    expect(working).toHaveBeenCalledTimes(1);
  });

  test('results expire after the short window', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const run = vi.fn(async () => 'ok');
    await singleFlight(['p', 'r5', 'e', 'x'], run);
    vi.setSystemTime(Date.now() + 11_000);
    await singleFlight(['p', 'r5', 'e', 'x'], run);
    expect(run).toHaveBeenCalledTimes(2);
    vi.useRealTimers();
  });
});
