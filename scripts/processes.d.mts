import type { ChildProcess } from 'node:child_process';

type Output = (text: string, isErr: boolean) => void;

export const DEMO_FOOTER_LINKS: string;
export const SERVER_NODE_OPTIONS: string;
export const STANDIN_ADMIN_CLIENT_ID: string;
export function serverNodeOptions(): string;
export function freePort(): Promise<number>;
export function randomSecret(): string;
export function startStandin(args: {
  standinPort: number;
  appUrl: string;
  clientId: string;
  clientSecret: string;
  adminSecret: string;
  onOutput?: Output;
  extraEnv?: Record<string, string>;
}): Promise<ChildProcess>;
export function runTenantScript(
  script: 'tenant-check' | 'tenant-setup',
  args: { env: Record<string, string | undefined>; args?: string[] },
): Promise<{ code: number | null; output: string }>;
export function configureStandin(args: { standinUrl: string; appUrl: string; adminSecret: string; passkeys?: boolean }): Promise<void>;
export function startApp(args: { port: number; env: Record<string, string>; onOutput?: Output }): Promise<ChildProcess>;
