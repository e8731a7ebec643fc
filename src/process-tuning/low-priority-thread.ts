import { readlinkSync } from 'node:fs';
import { constants, setPriority } from 'node:os';

/**
 * Requests first: on Linux the calling thread runs at the lowest priority from now on (a thread's id is a
 * pid to setpriority), so on a busy machine its work takes the CPU that is left and slows down rather than
 * the answers. Elsewhere, or where it is not allowed, it runs as any thread.
 */
export function lowerThisThreadsPriority(): void {
  try {
    setPriority(Number(readlinkSync('/proc/thread-self').split('/').pop()), constants.priority.PRIORITY_LOW);
  } catch {
    // No /proc, or not allowed: the normal priority.
  }
}
