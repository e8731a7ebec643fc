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

/** The checks for one base URL, parsed once: they run on every request. */
export function originPolicy(baseUrl: string): { allowsHost(host: string | undefined): boolean; allowsOrigin(origin: string): boolean } {
  const base = new URL(baseUrl);
  const ownHost = base.host;
  const ownOrigin = base.origin;
  return {
    allowsHost(host) {
      if (!host) return false;
      return host.toLowerCase() === ownHost || LOOPBACK.has(hostnameOf(host));
    },
    allowsOrigin(origin) {
      if (origin === ownOrigin) return true;
      let parsed: URL;
      try {
        parsed = new URL(origin);
      } catch {
        return false;
      }
      if (parsed.origin === ownOrigin) return true;
      return (parsed.protocol === 'http:' || parsed.protocol === 'https:') && LOOPBACK.has(parsed.hostname.toLowerCase());
    },
  };
}
