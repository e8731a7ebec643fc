/** Polls until `check` passes (returns without throwing) or `ms` run out; then throws its last error. */
export async function waitFor<T>(check: () => T | Promise<T>, ms = 2000): Promise<T> {
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
