// PKCE (RFC 7636), S256 only: plain would let anyone who sees the authorization request redeem the code.
import { createHash, timingSafeEqual } from '../lib/node-builtins.js';

/** RFC 7636 §4.1: 43-128 characters from the unreserved set. */
const VERIFIER = /^[A-Za-z0-9\-._~]{43,128}$/;
/** base64url(SHA-256(...)) without padding is always 43 characters. */
const S256_CHALLENGE = /^[A-Za-z0-9\-_]{43}$/;

export function isValidCodeVerifier(verifier: string): boolean {
  return VERIFIER.test(verifier);
}

export function isValidS256Challenge(challenge: string): boolean {
  return S256_CHALLENGE.test(challenge);
}

/** base64url(SHA-256(verifier)), the challenge a client derives from its verifier. */
export function deriveS256Challenge(verifier: string): string {
  return createHash('sha256').update(verifier, 'ascii').digest('base64url');
}

/** Whether the verifier belongs to the challenge; compared in constant time. */
export function verifyPkce(verifier: string, challenge: string): boolean {
  if (!isValidCodeVerifier(verifier) || !isValidS256Challenge(challenge)) return false;
  const expected = Buffer.from(challenge, 'ascii');
  const actual = Buffer.from(deriveS256Challenge(verifier), 'ascii');
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}
