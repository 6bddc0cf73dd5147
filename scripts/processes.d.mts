import type { ChildProcess } from 'node:child_process';

type Output = (text: string, isErr: boolean) => void;

export const DEMO_FOOTER_LINKS: string;
export const SERVER_NODE_OPTIONS: string;
export function serverNodeOptions(): string;
export function freePort(): Promise<number>;
export function randomSecret(): string;
export function startStandin(args: {
  standinPort: number;
  appUrl: string;
  clientId: string;
  clientSecret: string;
  onOutput?: Output;
  extraEnv?: Record<string, string>;
}): Promise<ChildProcess>;
export function startApp(args: { port: number; env: Record<string, string>; onOutput?: Output }): Promise<ChildProcess>;
