// The one way svc loads code on demand instead of at the top of a module; everything else imports what it
// uses at the top. Each use stays for a measured figure on the stdio server's first site_info answer (its
// budget: half the SDK peer's time), and is listed in docs/decisions.md:
// - the MCP tools but site_info, their answer shapes and zod with them (wiring/mcp-registry.ts; zod alone
//   is some 40 ms of that answer on Node 24);
// - the content index side (content/store.ts) and the yaml package (content/yaml.ts, auth/yaml.ts), which a
//   session that only asks site_info never needs (together some 40 ms of CPU of that answer on Node 24);
// - statistics, OAuth, the writing code and the people side beyond the token check (wiring/build-deps.ts),
//   and the panel (wiring/routes.ts: the public site's first answer does not wait for it);
// - full-text search and node:sqlite under it (content/store.ts, content/search/sqlite-module.ts): a session
//   that never searches loads neither (docs/decisions.md "Full-text search");
// - each command of the command line (cli/run-cli.ts): `svc user list` 0.18 s instead of 0.5 s, no longer
//   loading the server, the site check and the stdio server it never starts;
// - the server's start after its settings and folders are checked (wiring/run-server.ts): a start refused
//   for them says so in 0.1 s instead of 0.4 s of CPU.
import { createRequire } from 'node:module';

/** The module `specifier` (relative to `parentUrl`, the caller's import.meta.url), imported on the first call and kept. */
export function importLater<T>(specifier: string, parentUrl: string): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () => (loading ??= import(new URL(specifier, parentUrl).href) as Promise<T>);
}

/** Every module requireLater declared, to import up front (preloadAll). */
const declared: Array<() => Promise<void>> = [];

/**
 * The same, loaded synchronously where the caller cannot wait (a getter, a parser): require() of an ES
 * module, which every Node from the floor (22.13) does, gives the instance import() would. Call at the top
 * of a module, so that preloadAll() knows it.
 */
export function requireLater<T>(specifier: string, parentUrl: string): () => T {
  let loaded: T | undefined;
  // A package (yaml) is CommonJS: require() and import give the one instance; it is not preloaded.
  if (specifier.startsWith('.')) {
    declared.push(async () => {
      loaded ??= (await import(new URL(specifier, parentUrl).href)) as T;
    });
  }
  return () => (loaded ??= createRequire(parentUrl)(specifier) as T);
}

/**
 * Imports every module declared so far: for a process that wants it all before its first request (the
 * HTTP server, the CLI). Under the test loader (tsx) a module reached through require() is a second instance
 * beside the one reached through import, with its own state; imported here first, there is one.
 */
export async function preloadAll(): Promise<void> {
  await Promise.all(declared.map((load) => load()));
}
