import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import path from 'node:path';
import { SANDBOX_PAY_PATHS } from '@cab/contracts';
import { freePort } from './process.ts';

const SERVER_DIR = path.resolve(import.meta.dirname, '..');

/** The sandbox provider as a process of its own (src/platform/payments/sandbox/main.ts), with its own secrets. */
export interface SandboxProcess {
  url: string;
  apiKey: string;
  webhookSecret: string;
  proc: ChildProcess;
  output: () => string;
  stop(): Promise<void>;
  /** The sandbox's own API, as CAB calls it. */
  api(method: 'GET' | 'POST', p: string, body?: object): Promise<Response>;
  /** The payer's choice on the cashier page (a form post): answers where the cashier sends them. */
  decide(paymentId: string, decision: 'confirm' | 'fail' | 'abandon'): Promise<string>;
}

export async function startSandboxProcess(env: Record<string, string> = {}): Promise<SandboxProcess> {
  const port = await freePort();
  const apiKey = crypto.randomBytes(16).toString('hex');
  const webhookSecret = crypto.randomBytes(16).toString('hex');
  const url = `http://127.0.0.1:${port}`;
  const proc = spawn(process.execPath, ['--import', 'tsx', 'src/platform/payments/sandbox/main.ts'], {
    cwd: SERVER_DIR,
    env: {
      ...process.env,
      SANDBOX_PORT: String(port),
      SANDBOX_API_KEY: apiKey,
      SANDBOX_WEBHOOK_SECRET: webhookSecret,
      SANDBOX_PUBLIC_BASE: url,
      SANDBOX_RETRY_DELAYS_MS: '0,200,500,1000,2000',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  proc.stdout?.on('data', (d: Buffer) => (out += d.toString()));
  proc.stderr?.on('data', (d: Buffer) => (out += d.toString()));
  const deadline = Date.now() + 30_000;
  while (!out.includes('listening')) {
    if (proc.exitCode !== null) throw new Error(`sandbox exited with ${proc.exitCode}: ${out}`);
    if (Date.now() > deadline) {
      proc.kill('SIGKILL');
      throw new Error(`sandbox did not start: ${out}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  const api = (method: 'GET' | 'POST', p: string, body?: object) =>
    fetch(url + p, {
      method,
      headers: { authorization: `Bearer ${apiKey}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
  return {
    url,
    apiKey,
    webhookSecret,
    proc,
    output: () => out,
    api,
    async decide(paymentId, decision) {
      const res = await fetch(url + SANDBOX_PAY_PATHS.decide.replace(':id', paymentId).replace(':decision', decision), {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: '',
        redirect: 'manual',
      });
      return res.headers.get('location') ?? '';
    },
    stop: () =>
      new Promise<void>((resolve) => {
        if (proc.exitCode !== null || proc.signalCode !== null) return resolve();
        proc.once('exit', () => resolve());
        proc.kill('SIGTERM');
      }),
  };
}
