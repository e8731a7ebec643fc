import { createHmac, randomBytes, timingSafeEqual } from '../lib/node-builtins.js';

// RFC 6238 TOTP with the parameters every authenticator app assumes: HMAC-SHA-1, 6 digits, 30 s steps.
export const TOTP_STEP_SECONDS = 30;
export const TOTP_DIGITS = 6;
/** Steps of clock drift accepted on either side. */
export const TOTP_DRIFT_STEPS = 1;

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

export function encodeBase32(bytes: Uint8Array): string {
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += BASE32[(value << (5 - bits)) & 31];
  return out;
}

/** Decodes base32 (case-insensitive, spaces and padding ignored); undefined for any other character. */
export function decodeBase32(text: string): Buffer | undefined {
  const clean = text.replace(/[\s=]/g, '').toUpperCase();
  let bits = 0;
  let value = 0;
  const out: number[] = [];
  for (const char of clean) {
    const index = BASE32.indexOf(char);
    if (index < 0) return undefined;
    value = ((value << 5) | index) & 0xffff;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

/** A new shared secret: 20 random bytes (160 bits, RFC 4226's recommendation) in base32. */
export function generateTotpSecret(): string {
  return encodeBase32(randomBytes(20));
}

/** The time step a moment falls in. */
export function totpStep(nowMs: number): number {
  return Math.floor(nowMs / 1000 / TOTP_STEP_SECONDS);
}

/** The HOTP value (RFC 4226) of a raw key at a counter, as `digits` decimal digits. */
export function hotp(key: Uint8Array, counter: number, digits = TOTP_DIGITS): string {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const mac = createHmac('sha1', key).update(message).digest();
  const offset = mac[mac.length - 1]! & 0x0f;
  const binary = ((mac[offset]! & 0x7f) << 24) | (mac[offset + 1]! << 16) | (mac[offset + 2]! << 8) | mac[offset + 3]!;
  return String(binary % 10 ** digits).padStart(digits, '0');
}

/**
 * Checks a code against the steps around now. Returns the matched step, or null. Steps at or before
 * `lastUsedStep` are never accepted: a code that was used once (or an older one) is refused, so a code
 * seen over someone's shoulder cannot be replayed within its window.
 */
export function verifyTotp(secret: string, code: string, nowMs: number, lastUsedStep: number | null): number | null {
  const key = decodeBase32(secret);
  if (!key || key.length === 0) return null;
  const digits = code.replace(/\s/g, '');
  if (!/^\d{6}$/.test(digits)) return null;
  const current = totpStep(nowMs);
  let matched: number | null = null;
  for (let drift = -TOTP_DRIFT_STEPS; drift <= TOTP_DRIFT_STEPS; drift++) {
    const step = current + drift;
    if (step < 0 || (lastUsedStep !== null && step <= lastUsedStep)) continue;
    // Every candidate is compared, matched or not, so timing says nothing about which step matched.
    if (timingSafeEqual(Buffer.from(hotp(key, step)), Buffer.from(digits)) && matched === null) matched = step;
  }
  return matched;
}

/** The `otpauth://` address an authenticator app reads (usually shown as a QR code). */
export function otpauthUri(secret: string, issuer: string, accountName: string): string {
  const label = encodeURIComponent(`${issuer}:${accountName}`);
  const params = new URLSearchParams({ secret, issuer, algorithm: 'SHA1', digits: String(TOTP_DIGITS), period: String(TOTP_STEP_SECONDS) });
  return `otpauth://totp/${label}?${params.toString()}`;
}
