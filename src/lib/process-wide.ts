/**
 * State that a module keeps for the whole process, shared by every instance of that module: under the test
 * loader (tsx), a module reached through require() (lib/on-demand.ts) is a second instance beside the one
 * reached through import, and settings made at start (where notes go, a test's fault) must reach both. Built
 * Node code loads each module once, and then this is an ordinary module-level object.
 */
export function processWide<T extends object>(name: string, make: () => T): T {
  const key = Symbol.for(`svc.${name}`);
  const holder = globalThis as unknown as Record<symbol, T | undefined>;
  return (holder[key] ??= make());
}
