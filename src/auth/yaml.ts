// YAML for the people side's files (accounts, roles.yaml). Nearly all of them are flat and read by the small
// parser in lib/simple-yaml.ts; the full `yaml` package is loaded, synchronously from its CommonJS build,
// only when a file needs it or something is written. Loading it at start costs the stdio server's first
// answer ~15 ms on Node 24 and ~28 ms on Node 20 (see content/entries/yaml.ts).
import { parseSimpleYaml } from '../lib/simple-yaml.js';

type YamlLibrary = typeof import('yaml');
let library: YamlLibrary | undefined;

function yamlLibrary(): YamlLibrary {
  return (library ??= process.getBuiltinModule('node:module').createRequire(import.meta.url)('yaml') as YamlLibrary);
}

/** As `parse` of the yaml package reads the text (an empty document is null); throws on bad YAML. */
export function parseYaml(text: string): unknown {
  if (text.trim() === '') return null;
  return parseSimpleYaml(text) ?? yamlLibrary().parse(text);
}

export function stringifyYaml(value: unknown): string {
  return yamlLibrary().stringify(value);
}
