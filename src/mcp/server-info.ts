import { builtinModule } from '../lib/builtin-module.js';
const { readFileSync } = builtinModule('node:fs');

let version: string | undefined;

/** The name and version reported at initialize; the version is package.json's, read once. */
export function serverInfo(): { name: string; version: string } {
  if (version === undefined) {
    try {
      // Both src/mcp/ (tsx) and dist/mcp/ (built) sit two folders below package.json.
      const parsed = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version?: unknown };
      version = typeof parsed.version === 'string' ? parsed.version : '0.0.0';
    } catch {
      version = '0.0.0';
    }
  }
  return { name: 'svc', version };
}
