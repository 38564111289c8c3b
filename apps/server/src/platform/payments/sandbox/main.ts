import Fastify from 'fastify';
import { registerSandboxPay } from './sandbox-server.ts';

/**
 * The sandbox provider as a process of its own (the tests run it so; docs/commerce.md):
 * SANDBOX_PORT, SANDBOX_API_KEY, SANDBOX_WEBHOOK_SECRET and SANDBOX_PUBLIC_BASE (where
 * browsers reach it) come from the environment. It prints its address once it listens.
 */
const env = process.env;
const apiKey = env.SANDBOX_API_KEY;
const webhookSecret = env.SANDBOX_WEBHOOK_SECRET;
if (!apiKey || !webhookSecret) {
  process.stderr.write('sandbox provider: SANDBOX_API_KEY and SANDBOX_WEBHOOK_SECRET are required\n');
  process.exit(1);
}
const app = Fastify();
await registerSandboxPay(app, {
  apiKey,
  webhookSecret,
  publicBase: env.SANDBOX_PUBLIC_BASE ?? '',
  nowMs: () => Date.now(),
  ...(env.SANDBOX_RETRY_DELAYS_MS ? { retryDelaysMs: env.SANDBOX_RETRY_DELAYS_MS.split(',').map(Number) } : {}),
});
const address = await app.listen({ port: Number(env.SANDBOX_PORT ?? 0), host: env.SANDBOX_HOST ?? '127.0.0.1' });
process.stdout.write(`sandbox provider listening at ${address}\n`);
for (const signal of ['SIGTERM', 'SIGINT'] as const) process.on(signal, () => void app.close().then(() => process.exit(0)));
