// `svc mcp server-json`: prints the `server.json` the official MCP registry takes for this site (its
// streamable-http remote at `<public address>/svc/mcp`; nothing to install, so no package). The public
// address is --base-url (or SVC_BASE_URL) when given, else `url` in content/site.yaml, as for the stdio
// server. The registry lists addresses reachable from the internet: anything else is said on stderr.
import { join } from 'node:path';
import { loadSiteConfig } from '../content/settings/site-config.js';
import { buildServerJson } from '../mcp/transports/server-card.js';
import { CommandError } from './cli-error.js';
import type { Parsed } from './options.js';

export function runServerJsonCommand(parsed: Parsed, print: (line: string) => void, warn: (line: string) => void): number {
  const { config } = parsed;
  let site;
  try {
    site = loadSiteConfig(join(config.root, 'content', 'site.yaml'));
  } catch (error) {
    throw new CommandError(`cannot read ${join(config.root, 'content', 'site.yaml')}: ${(error as Error).message.split('\n')[0]}`);
  }
  const baseUrl = (config.baseUrlGiven ? config.baseUrl : site.url).replace(/\/+$/, '');
  const address = new URL(baseUrl);
  if (address.protocol !== 'https:' || ['localhost', '127.0.0.1', '[::1]'].includes(address.hostname)) {
    warn(`svc: ${baseUrl} is not a public https address; the MCP registry lists servers that clients on the internet can reach (give --base-url https://your.site).`);
  }
  print(JSON.stringify(buildServerJson(baseUrl, { title: site.title, description: site.description }), null, 2));
  return 0;
}
