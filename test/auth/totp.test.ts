import { test } from 'node:test';
import assert from 'node:assert/strict';
import { hotp, verifyTotp, totpStep, encodeBase32, decodeBase32, otpauthUri } from '../../dist/auth/totp.js';

// RFC 6238 appendix B, SHA-1 column: the seed is the ASCII string "12345678901234567890", 8 digits.
const SEED = Buffer.from('12345678901234567890', 'ascii');
const VECTORS: Array<[number, string]> = [
  [59, '94287082'],
  [1111111109, '07081804'],
  [1111111111, '14050471'],
  [1234567890, '89005924'],
  [2000000000, '69279037'],
  [20000000000, '65353130'],
];

test('matches the RFC 6238 SHA-1 test vectors', () => {
  for (const [seconds, expected] of VECTORS) {
    assert.equal(hotp(SEED, totpStep(seconds * 1000), 8), expected, `T=${seconds}`);
  }
});

test('accepts the 6-digit code of each RFC 6238 vector through verifyTotp, one step of drift either side, not two', () => {
  const secret = encodeBase32(SEED);
  for (const [seconds, expected] of VECTORS) {
    const code = expected.slice(-6);
    const now = seconds * 1000;
    assert.equal(verifyTotp(secret, code, now, null), totpStep(now));
    assert.equal(verifyTotp(secret, code, now + 30_000, null), totpStep(now));
    assert.equal(verifyTotp(secret, code, now - 30_000, null), totpStep(now));
    assert.equal(verifyTotp(secret, code, now + 60_000, null), null);
    assert.equal(verifyTotp(secret, code, now - 60_000, null), null);
  }
});

test('refuses a code whose step was used already, and any older step', () => {
  const secret = encodeBase32(SEED);
  const now = 1111111111 * 1000;
  const step = verifyTotp(secret, '050471', now, null);
  assert.equal(step, totpStep(now));
  assert.equal(verifyTotp(secret, '050471', now, step), null);
  assert.equal(verifyTotp(secret, hotp(SEED, totpStep(now) - 1), now, step), null);
  assert.equal(verifyTotp(secret, hotp(SEED, totpStep(now) + 1), now, step), totpStep(now) + 1);
});

test('refuses malformed codes and secrets', () => {
  const secret = encodeBase32(SEED);
  const now = 59_000;
  assert.equal(verifyTotp(secret, '28708', now, null), null);
  assert.equal(verifyTotp(secret, '2870822', now, null), null);
  assert.equal(verifyTotp(secret, 'abcdef', now, null), null);
  assert.equal(verifyTotp(secret, '', now, null), null);
  assert.equal(verifyTotp('not base32!', '287082', now, null), null);
  assert.equal(verifyTotp('', '287082', now, null), null);
  assert.equal(verifyTotp(secret, '287 082', now, null), totpStep(now));
});

test('base32 round-trips and the otpauth address names issuer, account and parameters', () => {
  assert.equal(encodeBase32(SEED), 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ');
  assert.deepEqual(decodeBase32('gezd gnbv gy3t qojq gezd gnbv gy3t qojq'), SEED);
  assert.equal(
    otpauthUri('GEZDGNBV', 'My Site', 'ada@example.org'),
    'otpauth://totp/My%20Site%3Aada%40example.org?secret=GEZDGNBV&issuer=My+Site&algorithm=SHA1&digits=6&period=30',
  );
});
