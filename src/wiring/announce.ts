import type { AppDeps } from './app-deps.js';

/**
 * Prints where everything is once the server listens: the public addresses, and the local address it
 * listens on when that is another one (a public --base-url behind a proxy), so the proxy can be pointed at it.
 */
export function announce(deps: AppDeps, port: number): void {
  const { config } = deps;
  const base = config.baseUrl.replace(/:\d+$/, (match) => (match === `:${config.port}` ? `:${port}` : match));
  const host = config.host.includes(':') && !config.host.startsWith('[') ? `[${config.host}]` : config.host;
  const local = `http://${host}:${port}`;
  const lines = [
    `svc is serving ${config.root}`,
    `  website      ${base}/`,
    `  panel        ${base}/svc/panel/`,
    `  Content API  ${base}/svc/api/v1/site`,
    `  MCP (HTTP)   ${base}/svc/mcp`,
  ];
  if (local !== base) lines.push(`  listening on ${local} (the public address above is ${base}; point its proxy here)`);
  process.stdout.write(lines.join('\n') + '\n');
}
