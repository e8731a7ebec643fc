import { fileURLToPath } from 'node:url';

/**
 * The absolute path of this installation's `dist/stdio.js`. This file sits two levels below the package
 * (src/panel or dist/panel), so the same relative step works from the sources and from the build.
 */
export function stdioScriptPath(): string {
  return fileURLToPath(new URL('../../dist/stdio.js', import.meta.url));
}

export interface ClientSettings {
  /** The MCP address over HTTP. */
  url: string;
  /** `mcpServers` JSON for clients that speak Streamable HTTP. */
  httpJson: string;
  /** A one-line command for Claude Code. */
  httpCommand: string;
  /** `mcpServers` JSON for clients that start a local process. */
  stdioJson: string;
  /** The stdio command line itself. */
  stdioCommand: string;
}

function shellQuote(value: string): string {
  return /^[A-Za-z0-9_\/.:=@%+-]+$/.test(value) ? value : `'${value.replace(/'/g, `'\\''`)}'`;
}

/** Ready-to-paste settings for a new token: HTTP (URL + Authorization header) and stdio (`node dist/stdio.js`). */
export function buildClientSettings(input: { baseUrl: string; root: string; token: string; serverName?: string }): ClientSettings {
  const name = input.serverName ?? 'site';
  const url = `${input.baseUrl}/svc/mcp`;
  const script = stdioScriptPath();
  const httpJson = JSON.stringify({ mcpServers: { [name]: { type: 'http', url, headers: { Authorization: `Bearer ${input.token}` } } } }, null, 2);
  const stdioArgs = [script, `--root=${input.root}`, `--token=${input.token}`];
  const stdioJson = JSON.stringify({ mcpServers: { [name]: { command: 'node', args: stdioArgs } } }, null, 2);
  return {
    url,
    httpJson,
    httpCommand: `claude mcp add --transport http ${shellQuote(name)} ${shellQuote(url)} --header ${shellQuote(`Authorization: Bearer ${input.token}`)}`,
    stdioJson,
    stdioCommand: ['node', ...stdioArgs].map(shellQuote).join(' '),
  };
}
