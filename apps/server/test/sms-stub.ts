/**
 * A local HTTP server standing in for an SMS provider (docs/sms.md): it keeps every
 * request as received and answers what the test says, or never answers ('hang'), so a
 * sender can be checked against the provider's documented requests and answers.
 */
import http from 'node:http';

export interface StubRequest {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

export type StubAnswer = { status: number; body: string } | 'hang';

export interface SmsStub {
  /** The stub's address, for CAB_SMS_ENDPOINT. */
  url: string;
  requests: StubRequest[];
  /** What the next requests are answered; the test may change it between calls. */
  answer: (req: StubRequest) => StubAnswer;
  close(): Promise<void>;
}

export async function startSmsStub(answer: SmsStub['answer'] = () => ({ status: 200, body: '{}' })): Promise<SmsStub> {
  const requests: StubRequest[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const got = { method: req.method ?? '', url: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') };
      requests.push(got);
      const a = stub.answer(got);
      if (a === 'hang') return;
      res.writeHead(a.status, { 'content-type': 'application/json' }).end(a.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('the SMS stub has no port');
  const stub: SmsStub = {
    url: `http://127.0.0.1:${address.port}/`,
    requests,
    answer,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  return stub;
}

/**
 * An SMS gateway for a server in production mode (the generic http sender): it takes
 * every code and gives it back to the test, as a phone would show it.
 */
export interface SmsGateway {
  env: Record<string, string>;
  /** The newest code sent to the phone; the server answers the send only once the gateway has it. */
  codeFor(phone: string): string;
  close(): Promise<void>;
}

export async function startSmsGateway(): Promise<SmsGateway> {
  const stub = await startSmsStub(() => ({ status: 202, body: '{}' }));
  return {
    env: { CAB_SMS_PROVIDER: 'http', CAB_SMS_ENDPOINT: stub.url },
    codeFor: (phone) => {
      const sent = stub.requests.map((r) => JSON.parse(r.body) as { phone?: string; code?: string }).filter((b) => b.phone === phone);
      const code = sent[sent.length - 1]?.code;
      if (!code) throw new Error(`no verification code was sent to ${phone}`);
      return code;
    },
    close: () => stub.close(),
  };
}
