import { once } from 'node:events';
import { connect } from 'node:net';
import { Worker } from 'node:worker_threads';
import { describe, expect, test } from 'vitest';
import { withDeadline } from '@/lib/limits/store';

/**
 * The shared store's deadline (lib/limits/store.ts withDeadline): late means the store did not
 * answer in time, not that this process was busy when the answer came in.
 */
describe('a command against its deadline', () => {
  test('a reply that came in while the event loop was held up past the deadline is in time', async () => {
    // The store stands in a thread of its own, so it answers while this thread is busy.
    const store = new Worker(
      `const { createServer } = require('node:net'); const { parentPort } = require('node:worker_threads');
       const server = createServer((socket) => socket.on('data', () => socket.write('PONG')));
       server.listen(0, '127.0.0.1', () => parentPort.postMessage(server.address().port));`,
      { eval: true },
    );
    const [port] = (await once(store, 'message')) as [number];
    const client = connect(port, '127.0.0.1');
    await once(client, 'connect');
    try {
      const reply = once(client, 'data').then(([data]) => String(data));
      client.write('PING');
      // The loop is busy for 150 ms while the reply (a loopback round trip) arrives: the
      // deadline's timer is due first when the loop comes back, the reply is read right after.
      const answer = withDeadline(reply, 20);
      const until = Date.now() + 150;
      while (Date.now() < until);
      const outcome = await answer;
      expect(outcome.inTime).toBe(true);
      expect(outcome.inTime && outcome.settle()).toBe('PONG');
    } finally {
      client.destroy();
      await store.terminate();
    }
  });

  test('a store that does not answer is late after the deadline', async () => {
    const started = performance.now();
    const outcome = await withDeadline(new Promise<never>(() => {}), 30);
    expect(outcome.inTime).toBe(false);
    expect(performance.now() - started).toBeGreaterThanOrEqual(29);
  });

  test('a refusal in time is passed on as it came', async () => {
    const refusal = { remainingPoints: 0, msBeforeNext: 1_000 };
    const outcome = await withDeadline(Promise.reject(refusal), 50);
    expect(outcome.inTime).toBe(true);
    expect(() => outcome.inTime && outcome.settle()).toThrow();
    try {
      if (outcome.inTime) outcome.settle();
    } catch (thrown) {
      expect(thrown).toBe(refusal);
    }
  });
});
