import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { SIGNATURE_TOLERANCE_S, checkSignature, signPayload, signatureHeader } from './signature.ts';

const SECRET = 'whsec_test_0123456789';
const body = JSON.stringify({ event_id: 'evt_1', order_no: 'R20261126000001', status: 'paid', amount_fen: 600 });
const now = 1_795_700_000;

describe("a payment notification's signature", () => {
  it('is HMAC-SHA256 over the timestamp and the raw body, as an independent implementation computes it', () => {
    const expected = crypto.createHmac('sha256', SECRET).update(`${now}.${body}`).digest('hex');
    expect(signPayload(SECRET, now, body)).toBe(expected);
    expect(signatureHeader(SECRET, now, body)).toBe(`t=${now},v1=${expected}`);
  });

  it('holds for the body as sent, within the tolerance either way', () => {
    const header = signatureHeader(SECRET, now, body);
    expect(checkSignature(SECRET, header, body, now)).toBeUndefined();
    expect(checkSignature(SECRET, header, body, now + SIGNATURE_TOLERANCE_S)).toBeUndefined();
    expect(checkSignature(SECRET, header, body, now - SIGNATURE_TOLERANCE_S)).toBeUndefined();
    // A second v1 (the provider rolling its secret) does not spoil the good one.
    expect(checkSignature(SECRET, `${header},v1=${'0'.repeat(64)}`, body, now)).toBeUndefined();
  });

  it('refuses a replay of an old notification, a changed body, another secret and a forged header', () => {
    const header = signatureHeader(SECRET, now, body);
    expect(checkSignature(SECRET, header, body, now + SIGNATURE_TOLERANCE_S + 1)).toBe('stale');
    expect(checkSignature(SECRET, header, body.replace('600', '60000'), now)).toBe('mismatch');
    expect(checkSignature(SECRET, header, `${body} `, now)).toBe('mismatch');
    expect(checkSignature('another secret', header, body, now)).toBe('mismatch');
    // The timestamp changed to look fresh: the signature no longer holds.
    expect(checkSignature(SECRET, header.replace(`t=${now}`, `t=${now + 60}`), body, now + 60)).toBe('mismatch');
    expect(checkSignature(SECRET, undefined, body, now)).toBe('missing');
    for (const bad of [
      '',
      'v1=abc',
      `t=${now}`,
      `t=x,v1=${'a'.repeat(64)}`,
      `t=${now},t=${now},v1=${'a'.repeat(64)}`,
      'garbage',
      `t=${now},v1`,
    ])
      expect(checkSignature(SECRET, bad || ' ', body, now), bad).toMatch(/malformed|missing/);
    expect(checkSignature(SECRET, `t=${now},v1=${'zz'.repeat(32)}`, body, now)).toBe('mismatch');
    expect(checkSignature(SECRET, `t=${now},v1=abcd`, body, now)).toBe('mismatch');
  });
});
