import 'server-only';
import { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { getConfig } from '../config';
import { log } from '../log';
import { setStoreUp } from '../metrics';

/**
 * Where limits and short-lived shared values live: in this process, or, with REDIS_URL, in Redis
 * (or Valkey), so that every replica counts the same attempts. When the shared store does not
 * answer, each limiter falls back to its in-process twin (rate-limiter-flexible's insurance
 * limiter): limits stay on, per replica, and the app keeps serving (it fails open to local
 * limits, never closed). Commands are not queued while Redis is away, so nothing waits on it.
 *
 * A store that is connected but slow (overloaded, paused, a network path that drops packets) is
 * as good as away: every command has a deadline (STORE_TIMEOUT_MS, tens of milliseconds), and once
 * one misses it the store is left alone for a few seconds (`slow`: the limits count per replica,
 * /readyz says so); then the next command tries it again, so it recovers by itself.
 *
 * Kept on globalThis: Next bundles server code more than once (pages and route handlers), and
 * replicas must not become several counters inside one process.
 */
type Shared = {
  redis: Redis | null;
  limiters: Map<string, Limiter>;
  memoryValues: Map<string, { value: string; until: number }>;
  /** Until when (epoch ms) the store is left alone after a command missed its deadline. */
  slowUntil: number;
};
/** How long a slow store is left alone before it is tried again. */
const SLOW_PAUSE_MS = 5_000;
const KEY = Symbol.for('signin.limits.store');

function shared(): Shared {
  const global = globalThis as unknown as Record<symbol, Shared | undefined>;
  global[KEY] ??= { redis: connect(getConfig().redisUrl), limiters: new Map(), memoryValues: new Map(), slowUntil: 0 };
  return global[KEY];
}

function connect(url: string | undefined): Redis | null {
  if (!url) return null;
  const redis = new Redis(url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    connectTimeout: 2_000,
    // A backstop only: the deadline that counts is timed() below. A command still unanswered
    // this long is given up, so a store that never answers holds no memory.
    commandTimeout: Math.max(1_000, getConfig().storeTimeoutMs * 20),
    // Keep trying to come back, at most every 2 s; meanwhile the insurance limiters count.
    retryStrategy: (attempt) => Math.min(attempt * 200, 2_000),
    keyPrefix: 'signin:',
  });
  let state: 'up' | 'down' | undefined;
  const report = (next: 'up' | 'down', error?: Error) => {
    if (state === next) return;
    state = next;
    setStoreUp(next === 'up');
    if (next === 'up') log.info({ event: 'limits-store-up' }, 'shared limits store connected');
    else log.warn({ event: 'limits-store-down', reason: error?.message }, 'shared limits store unreachable: limits count per replica');
  };
  redis.on('ready', () => report('up'));
  redis.on('error', (error: Error) => report('down', error));
  redis.on('end', () => report('down'));
  return redis;
}

/**
 * Connects the shared store at start (instrumentation.ts), waiting up to `waitMs` for it, so that
 * the first requests are counted where all later ones are. A store that is not there yet is no
 * reason not to start: the limits count per replica until it is.
 */
export async function openStore(waitMs = 3_000): Promise<void> {
  const { redis } = shared();
  if (!redis || redis.status === 'ready') return;
  await new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, waitMs);
    redis.once('ready', () => {
      clearTimeout(timer);
      resolve();
    });
  });
}

/** Where the limits are counted now: for /readyz and the log (not a readiness condition). */
export function storeState(): 'memory' | 'redis' | 'redis-unreachable' | 'redis-slow' {
  const state = shared();
  if (!state.redis) return 'memory';
  if (state.redis.status !== 'ready') return 'redis-unreachable';
  return state.slowUntil > Date.now() ? 'redis-slow' : 'redis';
}

/** The store, where it is connected and not being left alone for slowness. */
function usableRedis(state: Shared): Redis | undefined {
  return state.redis?.status === 'ready' && state.slowUntil <= Date.now() ? state.redis : undefined;
}

/**
 * Races a command against its deadline. The deadline is wall time, so an event loop held up by
 * other work (a render, a collection) would see a reply that arrived in time as late: when the
 * timer fires, the decision waits for the I/O already received (a setImmediate runs after the
 * poll phase that reads it), and only a store that has really not answered is late.
 */
export async function withDeadline<T>(command: Promise<T>, ms: number): Promise<{ inTime: true; settle: () => T } | { inTime: false }> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<{ inTime: false }>((resolve) => {
    timer = setTimeout(() => setImmediate(() => resolve({ inTime: false })), ms);
  });
  const settled = command.then(
    (value) => ({ inTime: true as const, settle: () => value }),
    (error: unknown) => ({
      inTime: true as const,
      settle: (): T => {
        throw error;
      },
    }),
  );
  try {
    return await Promise.race([settled, late]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * One command of the store, with its deadline: one that misses it is answered by `fallback`
 * (this replica's memory) and leaves the store alone for a while; the first one in time after
 * that says it is back. Logged on each change only.
 */
async function timed<T>(state: Shared, command: () => Promise<T>, fallback: () => Promise<T>): Promise<T> {
  const answer = await withDeadline(command(), getConfig().storeTimeoutMs);
  if (!answer.inTime) {
    if (state.slowUntil <= Date.now()) {
      setStoreUp(false);
      log.warn({ event: 'limits-store-slow', pauseMs: SLOW_PAUSE_MS }, 'shared limits store too slow: limits count per replica for a while');
    }
    state.slowUntil = Date.now() + SLOW_PAUSE_MS;
    return fallback();
  }
  if (state.slowUntil !== 0 && state.slowUntil <= Date.now()) {
    setStoreUp(true);
    log.info({ event: 'limits-store-up' }, 'shared limits store answers in time again');
    state.slowUntil = 0;
  }
  return answer.settle();
}

/** A limit's counter: in the shared store while it answers in time, else in this replica's memory. */
export type Limiter = Pick<RateLimiterAbstract, 'consume' | 'get' | 'delete' | 'reward'>;

/** One limiter per limit name: `points` per `seconds`, shared when a shared store is configured. */
export function limiter(name: string, points: number, seconds: number): Limiter {
  const state = shared();
  const id = `${name}:${points}/${seconds}`;
  let found = state.limiters.get(id);
  if (!found) {
    const keyPrefix = `rl:${name}`;
    const memory = new RateLimiterMemory({ keyPrefix, points, duration: seconds });
    const redis = state.redis
      ? new RateLimiterRedis({ storeClient: state.redis, keyPrefix, points, duration: seconds, rejectIfRedisNotReady: true, insuranceLimiter: memory })
      : undefined;
    found = redis
      ? {
          consume: (key, count) =>
            usableRedis(state)
              ? timed(
                  state,
                  () => redis.consume(key, count),
                  () => memory.consume(key, count),
                )
              : memory.consume(key, count),
          get: (key) =>
            usableRedis(state)
              ? timed(
                  state,
                  () => redis.get(key),
                  () => memory.get(key),
                )
              : memory.get(key),
          reward: (key, count) =>
            usableRedis(state)
              ? timed(
                  state,
                  () => redis.reward(key, count),
                  () => memory.reward(key, count),
                )
              : memory.reward(key, count),
          // Both places: a key counted in memory while the store was slow is ended there too.
          delete: async (key) => {
            const [inMemory, inStore] = await Promise.all([
              memory.delete(key),
              usableRedis(state)
                ? timed(
                    state,
                    () => redis.delete(key),
                    async () => false,
                  )
                : false,
            ]);
            return inMemory || inStore;
          },
        }
      : memory;
    state.limiters.set(id, found);
  }
  return found;
}

/**
 * A value shared by the replicas for a short while (a renewal's result, so a second tab renewing
 * at the same moment gets the same tokens instead of a refusal). Values are sealed by the caller.
 */
export async function putShared(key: string, value: string, seconds: number): Promise<void> {
  const state = shared();
  const redis = usableRedis(state);
  if (redis) {
    try {
      const stored = await timed(
        state,
        async () => (await redis.set(`value:${key}`, value, 'EX', seconds)) === 'OK',
        async () => false,
      );
      if (stored) return;
    } catch {
      // Falls through to this replica's memory.
    }
  }
  const now = Date.now();
  for (const [k, v] of state.memoryValues) if (v.until <= now) state.memoryValues.delete(k);
  state.memoryValues.set(key, { value, until: now + seconds * 1000 });
}

export async function getShared(key: string): Promise<string | undefined> {
  const state = shared();
  const redis = usableRedis(state);
  if (redis) {
    try {
      const value = await timed(
        state,
        () => redis.get(`value:${key}`),
        async () => null,
      );
      if (value !== null) return value;
    } catch {
      // Falls through to this replica's memory.
    }
  }
  const entry = state.memoryValues.get(key);
  return entry && entry.until > Date.now() ? entry.value : undefined;
}
