// Where a run's time went on this machine: the CPU it used, the CPU others took (load, steal),
// and the CPU of named processes. Read from Linux's /proc (proc(5)); elsewhere every figure is
// null rather than a guess. Used by the e2e global setup (test-results/machine.json) and by
// `npm run bench:test-loop` (bench/test-loop.json); docs/testing.md explains the figures.
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';

// USER_HZ: the unit of /proc's CPU times; 100 on every Linux architecture Node runs on.
const TICKS_PER_SECOND = 100;

function read(path) {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return null;
  }
}

/** The machine's CPU times so far (seconds, all cores), the load average and the wall clock. */
export function machineSnapshot() {
  const stat = read('/proc/stat');
  const load = read('/proc/loadavg');
  const cpu = stat?.split('\n').find((line) => line.startsWith('cpu '));
  // cpu  user nice system idle iowait irq softirq steal guest guest_nice
  const fields = cpu ? cpu.trim().split(/\s+/).slice(1).map(Number) : null;
  const seconds = (i) => (fields ? fields[i] / TICKS_PER_SECOND : null);
  return {
    at: Date.now(),
    cores: availableParallelism(),
    cpu: fields
      ? {
          user: seconds(0) + seconds(1),
          system: seconds(2) + seconds(5) + seconds(6),
          idle: seconds(3),
          iowait: seconds(4),
          steal: seconds(7),
        }
      : null,
    load: load ? load.split(' ').slice(0, 3).map(Number) : null,
  };
}

/** CPU seconds (user + system) a process has used so far, or null when it is gone. */
export function processCpuSeconds(pid) {
  const stat = pid ? read(`/proc/${pid}/stat`) : null;
  if (!stat) return null;
  // Fields after the command (which may hold spaces) start at state: utime and stime are the
  // 14th and 15th fields of the line, the 12th and 13th after the closing parenthesis.
  const after = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(after[11]) + Number(after[12])) / TICKS_PER_SECOND;
}

const round = (n) => (n === null ? null : Math.round(n * 10) / 10);

/**
 * What happened between two snapshots: wall seconds, the machine's CPU seconds by kind, and the
 * shares of the cores' time that were busy (any process), idle and stolen by the hypervisor.
 */
export function machineBetween(start, end) {
  const wall = (end.at - start.at) / 1000;
  if (!start.cpu || !end.cpu) return { wallSeconds: round(wall), cpu: null, shares: null, load: { start: start.load, end: end.load } };
  const delta = Object.fromEntries(Object.keys(end.cpu).map((key) => [key, end.cpu[key] - start.cpu[key]]));
  const total = Object.values(delta).reduce((sum, n) => sum + n, 0) || 1;
  const share = (n) => Math.round((n / total) * 1000) / 10;
  return {
    wallSeconds: round(wall),
    cores: end.cores,
    cpu: Object.fromEntries(Object.entries(delta).map(([key, n]) => [key, round(n)])),
    shares: { busyPercent: share(delta.user + delta.system), idlePercent: share(delta.idle + delta.iowait), stealPercent: share(delta.steal) },
    load: { start: start.load, end: end.load },
  };
}
