export type MachineSnapshot = {
  at: number;
  cores: number;
  cpu: { user: number; system: number; idle: number; iowait: number; steal: number } | null;
  load: number[] | null;
};
export type MachineBetween = {
  wallSeconds: number;
  cores?: number;
  cpu: Record<'user' | 'system' | 'idle' | 'iowait' | 'steal', number> | null;
  shares: { busyPercent: number; idlePercent: number; stealPercent: number } | null;
  load: { start: number[] | null; end: number[] | null };
};
export function machineSnapshot(): MachineSnapshot;
export function processCpuSeconds(pid: number | undefined): number | null;
export function machineBetween(start: MachineSnapshot, end: MachineSnapshot): MachineBetween;
