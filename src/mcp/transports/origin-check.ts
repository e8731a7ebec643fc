// DNS rebinding defence for the MCP endpoint: a browser page on another site must not reach a server on
// this machine. Host must be the site's own host or a loopback name; Origin, when sent, the site's own origin
// or a loopback origin.

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

function hostnameOf(host: string): string {
  const lower = host.toLowerCase();
  if (lower.startsWith('[')) return lower.slice(0, lower.indexOf(']') + 1);
  const colon = lower.indexOf(':');
  return colon < 0 ? lower : lower.slice(0, colon);
}

export function isAllowedHost(host: string | undefined, baseUrl: string): boolean {
  if (!host) return false;
  if (host.toLowerCase() === new URL(baseUrl).host) return true;
  return LOOPBACK.has(hostnameOf(host));
}

export function isAllowedOrigin(origin: string, baseUrl: string): boolean {
  let parsed: URL;
  try {
    parsed = new URL(origin);
  } catch {
    return false;
  }
  if (parsed.origin === new URL(baseUrl).origin) return true;
  return (parsed.protocol === 'http:' || parsed.protocol === 'https:') && LOOPBACK.has(parsed.hostname.toLowerCase());
}
