// YAML for the people side's files (accounts, roles.yaml). Nearly all of them are flat and read by the small
// parser in lib/simple-yaml.ts (docs/decisions.md); the `yaml` package, loaded on first use (see
// content/yaml.ts), reads the rest and writes them.
import { requireLater } from '../lib/on-demand.js';
import { parseSimpleYaml } from '../lib/simple-yaml.js';

const yaml = requireLater<typeof import('yaml')>('yaml', import.meta.url);

/** As `parse` of the yaml package reads the text (an empty document is null); throws on bad YAML. */
export function parseYaml(text: string): unknown {
  if (text.trim() === '') return null;
  return parseSimpleYaml(text) ?? yaml().parse(text);
}

export function stringifyYaml(value: unknown): string {
  return yaml().stringify(value);
}
