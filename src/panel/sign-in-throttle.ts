import type { Clock } from '../lib/clock.js';
import { TokenBucketLimiter } from '../lib/token-bucket.js';
import { normalizeEmail } from '../auth/account-reader.js';
import { plural, words } from './words/panel-words.js';

/** Attempts per ip + email before the throttle answers 429; refilled evenly over the window. */
export const SIGN_IN_ATTEMPTS = 5;
export const SIGN_IN_WINDOW_MS = 15 * 60_000;
/** Attempts per address over all emails, so guessing across many accounts is slow too. */
const SIGN_IN_ATTEMPTS_PER_IP = 20;

/**
 * Every check of a password or sign-in code: the sign-in form, its code step, the account page (the
 * current password before a change or before turning two-factor off), and a shared statistics link's
 * password (keyed by the link instead of an email). One throttle for all of them, so a stolen session cannot
 * guess its person's password faster than the sign-in form allows, nor a link's password be tried any faster.
 */
export class SignInThrottle {
  private readonly perEmail: TokenBucketLimiter;
  private readonly perIp: TokenBucketLimiter;

  constructor(clock: Clock) {
    this.perEmail = new TokenBucketLimiter(SIGN_IN_ATTEMPTS, SIGN_IN_WINDOW_MS, clock);
    this.perIp = new TokenBucketLimiter(SIGN_IN_ATTEMPTS_PER_IP, SIGN_IN_WINDOW_MS, clock);
  }

  /**
   * Takes one attempt from both buckets (before the check, so parallel guesses cannot pass the limit); the
   * seconds to wait when either is empty, else 0. A check that succeeds gives it back (succeeded()).
   */
  take(ip: string, email: string): number {
    const a = this.perIp.take(ip);
    const b = this.perEmail.take(`${ip}\n${normalizeEmail(email)}`);
    return a.allowed && b.allowed ? 0 : Math.max(a.retryAfterSeconds, b.retryAfterSeconds);
  }

  /** Only failed attempts count: a right password or code returns the attempt taken for it. */
  succeeded(ip: string, email: string): void {
    this.perIp.giveBack(ip);
    this.perEmail.giveBack(`${ip}\n${normalizeEmail(email)}`);
  }
}

/** The sentence for a 429 from the throttle, with the wait rounded up to whole minutes; `what` in the page's words. */
export function tooManyAttemptsSentence(waitSeconds: number, what = words().common.signInAttempts): string {
  const minutes = Math.max(1, Math.ceil(waitSeconds / 60));
  return plural(words().common.tooManyAttempts, minutes, { what });
}
