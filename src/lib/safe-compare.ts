import { createHash, timingSafeEqual } from './node-builtins.js';

/** Constant-time string comparison; the lengths of the inputs leak nothing because both are hashed first. */
export function safeEqual(a: string, b: string): boolean {
  const ha = createHash('sha256').update(a).digest();
  const hb = createHash('sha256').update(b).digest();
  return timingSafeEqual(ha, hb) && a.length === b.length;
}

export function sha256Hex(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}
