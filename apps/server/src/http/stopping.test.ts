import net from 'node:net';
import { AUTH_PATHS, ErrorCode } from '@cab/contracts';
import { afterAll, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.ts';

let t: TestApp | undefined;
afterAll(() => t?.close());

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

it('turns a request away with {code, message} once a stop has begun, and closes its connection', async () => {
  t = await startTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;

  // A request whose body is half sent keeps its connection busy, so the stop waits for it.
  const body = JSON.stringify({ phone: '13800000000', type: 4 });
  const socket = net.connect(port, '127.0.0.1');
  let received = '';
  socket.on('data', (d: Buffer) => (received += d.toString()));
  const ended = new Promise<void>((resolve) => socket.on('close', () => resolve()));
  socket.write(
    `POST ${AUTH_PATHS.verifyCode} HTTP/1.1\r\nhost: cab\r\ncontent-type: application/json\r\ncontent-length: ${body.length}\r\n\r\n${body.slice(0, 5)}`,
  );
  await sleep(200);
  const closing = t.app.close();
  await sleep(100);
  // The rest of the body, and a second request on the same connection after it.
  socket.write(`${body.slice(5)}GET ${AUTH_PATHS.serverInfo} HTTP/1.1\r\nhost: cab\r\naccept-language: zh-CN\r\n\r\n`);
  await ended;
  await closing;

  const answers = received.split(/(?=HTTP\/1\.1 )/);
  expect(answers).toHaveLength(2);
  // The request in flight was answered as usual (refused for its missing signature).
  expect(answers[0]).toMatch(/^HTTP\/1\.1 400/);
  expect(answers[1]).toMatch(/^HTTP\/1\.1 503/);
  expect(answers[1]!.toLowerCase()).toContain('connection: close');
  expect(JSON.parse(answers[1]!.slice(answers[1]!.indexOf('\r\n\r\n') + 4))).toEqual({
    code: ErrorCode.UNAVAILABLE,
    message: '服务器正在重启，请稍后重试',
  });
});
