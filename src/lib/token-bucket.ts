import type { Clock } from './clock.js';

export interface BucketResult {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Seconds until the bucket is full again. */
  resetSeconds: number;
  /** Seconds until one more request is allowed (0 when allowed). */
  retryAfterSeconds: number;
}

/**
 * Token buckets keyed by a string (person, token, client address): `capacity` requests, refilled evenly
 * over `perMs`. Idle full buckets are dropped so the map cannot grow without bound.
 */
export class TokenBucketLimiter {
  private readonly buckets = new Map<string, { tokens: number; at: number }>();
  private readonly ratePerMs: number;

  constructor(readonly capacity: number, readonly perMs: number, private readonly clock: Clock = Date.now) {
    this.ratePerMs = capacity / perMs;
  }

  /** Takes `count` requests at once (a JSON-RPC batch is as many requests as it holds), or none. */
  take(key: string, count = 1): BucketResult {
    const now = this.clock();
    let bucket = this.buckets.get(key);
    if (!bucket) {
      if (this.buckets.size > 50_000) this.sweep(now);
      bucket = { tokens: this.capacity, at: now };
      this.buckets.set(key, bucket);
    } else {
      bucket.tokens = Math.min(this.capacity, bucket.tokens + (now - bucket.at) * this.ratePerMs);
      bucket.at = now;
    }
    const allowed = bucket.tokens >= count;
    if (allowed) bucket.tokens -= count;
    const remaining = Math.floor(bucket.tokens);
    return {
      allowed,
      limit: this.capacity,
      remaining,
      resetSeconds: Math.ceil((this.capacity - bucket.tokens) / this.ratePerMs / 1000),
      retryAfterSeconds: allowed ? 0 : Math.max(1, Math.ceil((Math.min(count, this.capacity) - bucket.tokens) / this.ratePerMs / 1000)),
    };
  }

  /** Returns one taken request (it turned out not to count, such as a sign-in that succeeded). */
  giveBack(key: string): void {
    const bucket = this.buckets.get(key);
    if (bucket) bucket.tokens = Math.min(this.capacity, bucket.tokens + 1);
  }

  private sweep(now: number): void {
    for (const [key, bucket] of this.buckets) {
      if (bucket.tokens + (now - bucket.at) * this.ratePerMs >= this.capacity) this.buckets.delete(key);
    }
  }
}
