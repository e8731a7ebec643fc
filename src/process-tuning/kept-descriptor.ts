// A file descriptor an object keeps open to read from at positions (the persisted index's file while
// columns read from it are alive): read exactly, and closed once the object is collected.
import { closeSync, readSync } from 'node:fs';

/** Reads `length` bytes at `position` into `target` at `offset`; fewer only where the file ends first. */
export function readAt(fd: number, target: Uint8Array, offset: number, length: number, position: number): number {
  let done = 0;
  while (done < length) {
    const count = readSync(fd, target, offset + done, length - done, position + done);
    if (count === 0) break;
    done += count;
  }
  return done;
}

const descriptors = new FinalizationRegistry<number>((fd) => {
  try { closeSync(fd); } catch { /* closed already */ }
});

/** `fd` is closed once `owner` is collected (an owner let go without closing it does not keep it open). */
export function closeWhenCollected(owner: object, fd: number): void {
  descriptors.register(owner, fd, owner);
}

