import { randomBytes, scrypt, timingSafeEqual } from '../lib/node-builtins.js';
import type { ScryptOptions } from 'node:crypto';
import { DEFAULT_SCRYPT_N, MAX_SCRYPT_N, scryptCostSetting } from '../lib/scrypt-cost.js';

// scrypt with N=2^15, r=8, p=1 (about 32 MB and some 160 ms of a core): costly for guessing, affordable on
// shared hosting. The parameters are stored with the hash, so a hash is checked with its own whatever the
// setting when it is made: SVC_SCRYPT_N raises N for the hashes made from then on, or lowers it for a test
// suite (`make test` uses 2^10, as Laravel's BCRYPT_ROUNDS or Rails' MIN_COST do in tests: a hash costs some
// 5 ms of CPU there instead of 160, and the suite makes hundreds); `svc check` warns of a lowered one.
const R = 8;
const P = 1;
const KEY_LENGTH = 32;

function derive(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFC'), salt, KEY_LENGTH, { ...options, maxmem: 128 * options.N! * options.r! + 16 * 1024 * 1024 }, (error, key) => {
      if (error) reject(error);
      else resolve(key);
    });
  });
}

/** `scrypt$N$r$p$<salt base64>$<key base64>`, with N from SVC_SCRYPT_N (a bad value is refused at start, config.ts). */
export async function hashPassword(password: string): Promise<string> {
  const cost = scryptCostSetting();
  const N = 'n' in cost ? cost.n : DEFAULT_SCRYPT_N;
  const salt = randomBytes(16);
  const key = await derive(password, salt, { N, r: R, p: P });
  return `scrypt$${N}$${R}$${P}$${salt.toString('base64')}$${key.toString('base64')}`;
}

/** Whether the password matches the stored hash; a malformed hash never matches. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [n, r, p] = [Number(parts[1]), Number(parts[2]), Number(parts[3])];
  if (![n, r, p].every((v) => Number.isInteger(v) && v > 0) || n > MAX_SCRYPT_N || r > 32 || p > 16) return false;
  const salt = Buffer.from(parts[4]!, 'base64');
  const expected = Buffer.from(parts[5]!, 'base64');
  if (salt.length < 8 || expected.length !== KEY_LENGTH) return false;
  const key = await derive(password, salt, { N: n, r, p });
  return timingSafeEqual(key, expected);
}

/** A hash of a random password: compared against when an email is unknown, so timing does not tell. */
let decoy: Promise<string> | undefined;
export function decoyHash(): Promise<string> {
  decoy ??= hashPassword(randomBytes(16).toString('hex'));
  return decoy;
}

const PASSWORD_ALPHABET = 'abcdefghijkmnopqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** A generated password: 20 characters from an unambiguous alphabet (about 116 bits). */
export function generatePassword(length = 20): string {
  return randomString(PASSWORD_ALPHABET, length);
}

/** Uniform random characters: rejection sampling over random bytes avoids the modulo bias. */
export function randomString(alphabet: string, length: number): string {
  const limit = 256 - (256 % alphabet.length);
  let out = '';
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte < limit) out += alphabet[byte % alphabet.length];
      if (out.length === length) break;
    }
  }
  return out;
}
