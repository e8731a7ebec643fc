import { createHash, randomInt } from '../lib/node-builtins.js';

// Two-factor recovery codes: the way in when the phone with the authenticator app is lost. Ten at a time,
// each good for one sign-in. Only their SHA-256 hashes are kept: a code carries 80 random bits, so a hash
// cannot be turned back into the code by trying, and no salt or slow hash is needed.

export const RECOVERY_CODE_COUNT = 10;

// No 0/o, 1/l/i: a code copied from paper by hand should not fail on a look-alike.
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
const GROUPS = 4;
const GROUP_LENGTH = 4;

/** One new code, `xxxx-xxxx-xxxx-xxxx` (16 letters from 31: about 79 bits). */
function newCode(): string {
  const groups: string[] = [];
  for (let g = 0; g < GROUPS; g++) {
    let group = '';
    for (let i = 0; i < GROUP_LENGTH; i++) group += ALPHABET[randomInt(ALPHABET.length)];
    groups.push(group);
  }
  return groups.join('-');
}

/** A typed code as stored: lowercase, without the dashes and spaces people add or leave out. */
function normalize(typed: string): string {
  return typed.toLowerCase().replace(/[\s-]/g, '');
}

export function hashRecoveryCode(typed: string): string {
  return createHash('sha256').update(normalize(typed)).digest('hex');
}

/** Whether a typed value is shaped like a recovery code (and not like a six-digit app code). */
export function looksLikeRecoveryCode(typed: string): boolean {
  const clean = normalize(typed);
  return clean.length === GROUPS * GROUP_LENGTH && [...clean].every((char) => ALPHABET.includes(char));
}

/** Ten new codes to show once, and the hashes to keep. */
export function makeRecoveryCodes(): { codes: string[]; hashes: string[] } {
  const codes = new Set<string>();
  while (codes.size < RECOVERY_CODE_COUNT) codes.add(newCode());
  return { codes: [...codes], hashes: [...codes].map(hashRecoveryCode) };
}
