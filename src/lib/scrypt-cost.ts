// The cost of the password hashes made from now on (auth/password.ts), as SVC_SCRYPT_N sets it: read by
// config.ts, which refuses a bad value at start, by password.ts at each hash and by `svc check`.

/** scrypt's N by default: 2^15 (about 32 MB and 160 ms of CPU on a small machine's core). */
export const DEFAULT_SCRYPT_N = 32768;
const MIN_SCRYPT_N = 1024;
/** The most a hash may ask for: one stored with more is refused rather than computed (128 MB of memory). */
export const MAX_SCRYPT_N = 1 << 20;

/** SVC_SCRYPT_N: a power of two from 2^10 to 2^20, or a sentence saying what it must be. */
export function scryptCostSetting(env: NodeJS.ProcessEnv = process.env): { n: number } | { problem: string } {
  const given = env.SVC_SCRYPT_N;
  if (given === undefined || given === '') return { n: DEFAULT_SCRYPT_N };
  const n = /^[1-9]\d{3,6}$/.test(given) ? Number(given) : NaN;
  if (!(n >= MIN_SCRYPT_N && n <= MAX_SCRYPT_N && (n & (n - 1)) === 0)) return { problem: `must be a power of two from ${MIN_SCRYPT_N} to ${MAX_SCRYPT_N} (the default is ${DEFAULT_SCRYPT_N})` };
  return { n };
}
