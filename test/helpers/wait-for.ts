/**
 * Polls until `check` passes (returns without throwing) or `ms` run out; then throws its last error.
 * The wait is long on purpose: tests judge that a change shows, never how fast (that is `make bench`'s),
 * and a loaded CI machine can hold a sweep or a child process back for seconds.
 */
export async function waitFor<T>(check: () => T | Promise<T>, ms = 10_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }
}
