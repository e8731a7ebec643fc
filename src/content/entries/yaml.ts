const { createRequire } = process.getBuiltinModule('node:module');
// The yaml package for the content side, loaded (synchronously, from its CommonJS build) on first use:
// most front matter is read by lib/simple-yaml.ts and site.yaml usually comes from its cache, so a process
// that only answers a question or two never loads the full parser. A static import of it instead made the
// stdio server's first site_info answer ~15 ms later on Node 24 and ~28 ms on Node 20 (medians of
// interleaved starts, 2 cores; the answer takes ~55-65 ms without).

type YamlLibrary = typeof import('yaml');
let library: YamlLibrary | undefined;

export function yamlLibrary(): YamlLibrary {
  return (library ??= createRequire(import.meta.url)('yaml') as YamlLibrary);
}
