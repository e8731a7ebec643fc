import type { AppDeps } from './app-deps.js';

/** Prints where everything is once the server listens. */
export function announce(deps: AppDeps, port: number): void {
  const base = deps.config.baseUrl.replace(/:\d+$/, (match) => (match === `:${deps.config.port}` ? `:${port}` : match));
  const lines = [
    `svc is serving ${deps.config.root}`,
    `  website      ${base}/`,
    `  panel        ${base}/svc/panel/`,
    `  Content API  ${base}/svc/api/v1/site`,
    `  MCP (HTTP)   ${base}/svc/mcp`,
  ];
  process.stdout.write(lines.join('\n') + '\n');
}
