// Node's built-in modules without their ES module wrapper. `import { readFileSync } from 'node:fs'` makes Node
// build a wrapper that reads every export of node:fs once, lazy ones included (fs.promises, the file streams
// and watchers, which bring streams and readline; for node:util, worker_threads, parseArgs and more). That
// cost the stdio server's first answer 2-4 ms on Node 24 and up to ~1 ms on Node 20 (interleaved starts),
// so the modules it loads on the way take node:fs and node:util from here; test/mcp-stdio-startup.test.ts
// checks that no wrapper of either is loaded. The smaller wrappers (node:path, node:url, node:buffer,
// node:module) cost 0.2-0.4 ms each; the start path takes those from here too. process.getBuiltinModule
// comes with Node 20.16 and 22.3, older than any Node the entries start on (lib/node-version-check.ts).

export const builtinModule: typeof process.getBuiltinModule = process.getBuiltinModule.bind(process);
