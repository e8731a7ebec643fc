/**
 * Polls until `check` passes (returns without throwing) or `ms` run out; then throws its last error.
 * The wait is long on purpose: tests judge that a change shows, never how fast (that is `make bench`'s),
 * and a loaded CI machine can hold a sweep or a child process back for seconds.
 *
 * The first checks come 10 ms apart, so what shows at once is seen at once; a wait that goes on checks less
 * often, up to every 200 ms. `make test` runs three files at a time on two cores, and what a wait spends
 * the files beside it lack: the cache test's wait for a scheduled time (up to a minute and a half) made a
 * check every 10 ms, and that file took 17 s of CPU instead of 6.
 */
export async function waitFor<T>(check: () => T | Promise<T>, ms = 10_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (let pause = 10; ; pause = Math.min(200, Math.ceil(pause * 1.25))) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, pause));
    }
  }
}
