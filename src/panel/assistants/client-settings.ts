import { entryScriptPath, shellQuote } from '../../lib/install-paths.js';
import { fill, words } from '../words/panel-words.js';

/** One ready-to-paste setting: for which client, over which transport, where it goes, and the text. */
export interface ClientSnippet {
  /** Unique on the page (for the copy button). */
  id: string;
  client: string;
  transport: 'HTTP' | 'stdio';
  /** Where the text goes, in a sentence. */
  where: string;
  text: string;
  /** Reached from the assistant maker's servers (a custom connector), not from the person's computer. */
  remote?: boolean;
}

export interface ClientSettings {
  /** The MCP address over HTTP. */
  url: string;
  /** The name the server has in the clients' settings (after the site). */
  serverName: string;
  snippets: ClientSnippet[];
  /**
   * Why the address cannot serve a connector that the assistant maker's servers call (a loopback or private
   * address, which only this computer or network reaches), or null when it can.
   */
  unreachable: string | null;
}

/** Why servers on the internet cannot reach `baseUrl`'s host, or null (a public name or address). */
export function unreachableReason(baseUrl: string): string | null {
  let host: string;
  try {
    host = new URL(baseUrl).hostname.toLowerCase().replace(/^\[|\]$/g, '');
  } catch {
    return null;
  }
  const w = words().assistants;
  if (host === 'localhost' || host.endsWith('.localhost') || /^127\./.test(host) || host === '::1' || host === '0.0.0.0' || host === '::') return fill(w.loopback, { host });
  if (/^(10\.|192\.168\.|169\.254\.|172\.(1[6-9]|2[0-9]|3[01])\.)/.test(host) || /^f[cd][0-9a-f]{2}:/.test(host) || /^fe80:/.test(host)) return fill(w.privateAddress, { host });
  if (host.endsWith('.local') || host.endsWith('.internal') || host.endsWith('.lan') || !host.includes('.')) return fill(w.localName, { host });
  return null;
}

/** A name every client accepts as a key and on a command line: the site's title as a slug. */
export function serverNameOf(siteTitle: string | undefined): string {
  const slug = (siteTitle ?? '').normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 40);
  return slug === '' ? 'site' : slug;
}

const json = (value: unknown) => JSON.stringify(value, null, 2);

/**
 * Ready-to-paste settings for a new token in the clients people use: Claude Desktop, Claude Code, Cursor and
 * VS Code, each over HTTP, and ChatGPT (a connector, over HTTP only) (`{base_url}/svc/mcp` with the token as a Bearer header) and over stdio
 * (`<node> <install>/dist/stdio.js`, on the computer the installation is on). Both paths are absolute: the
 * Node that runs this installation, since an assistant started from a desktop often has a PATH without
 * `node`, and the entry as lib/install-paths.ts finds it from the installation's own place.
 */
export function buildClientSettings(input: { baseUrl: string; root: string; token: string; serverName?: string }): ClientSettings {
  const name = input.serverName ?? 'site';
  const url = `${input.baseUrl}/svc/mcp`;
  const headers = { Authorization: `Bearer ${input.token}` };
  const node = process.execPath;
  const args = [entryScriptPath('stdio'), `--root=${input.root}`, `--token=${input.token}`];
  const command = [node, ...args].map(shellQuote).join(' ');
  const w = words().assistants;
  const where = w.where;
  const snippets: ClientSnippet[] = [
    { id: 'claude-desktop-http', client: 'Claude Desktop', transport: 'HTTP', where: where.claudeDesktopHttp, text: url, remote: true },
    { id: 'claude-desktop-stdio', client: 'Claude Desktop', transport: 'stdio', where: where.claudeDesktopStdio, text: json({ mcpServers: { [name]: { command: node, args } } }) },
    { id: 'claude-code-http', client: 'Claude Code', transport: 'HTTP', where: where.claudeCodeHttp, text: `claude mcp add --transport http ${shellQuote(name)} ${shellQuote(url)} --header ${shellQuote(`Authorization: Bearer ${input.token}`)}` },
    { id: 'claude-code-stdio', client: 'Claude Code', transport: 'stdio', where: where.claudeCodeStdio, text: `claude mcp add ${shellQuote(name)} -- ${command}` },
    { id: 'cursor-http', client: 'Cursor', transport: 'HTTP', where: where.cursorHttp, text: json({ mcpServers: { [name]: { url, headers } } }) },
    { id: 'cursor-stdio', client: 'Cursor', transport: 'stdio', where: where.cursorStdio, text: json({ mcpServers: { [name]: { command: node, args } } }) },
    { id: 'vscode-http', client: 'VS Code', transport: 'HTTP', where: where.vscodeHttp, text: json({ servers: { [name]: { type: 'http', url, headers } } }) },
    { id: 'vscode-stdio', client: 'VS Code', transport: 'stdio', where: where.vscodeStdio, text: json({ servers: { [name]: { type: 'stdio', command: node, args } } }) },
    { id: 'chatgpt-http', client: 'ChatGPT', transport: 'HTTP', where: where.chatgptHttp, text: url, remote: true },
    { id: 'command-stdio', client: w.anyClient, transport: 'stdio', where: where.commandStdio, text: command },
  ];
  return { url, serverName: name, snippets, unreachable: unreachableReason(input.baseUrl) };
}
