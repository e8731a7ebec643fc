// DNS rebinding defence for the MCP endpoint: a browser page on another site must not reach a server on
// this machine. Host must be the site's own host or a loopback name; Origin, when sent, the site's own origin
// or a loopback origin.

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * The host name of a Host header read as a URL authority reads it, or null when it is not a bare host and
 * port: `127.0.0.1:1@evil.example` names evil.example (with user info), not the loopback address.
 */
function hostnameOf(host: string): string | null {
  if (host.includes('@')) return null;
  let url: URL;
  try {
    url = new URL(`http://${host}`);
  } catch {
    return null;
  }
  return url.pathname === '/' && url.search === '' && url.hash === '' ? url.hostname : null;
}

/** The checks for one base URL, parsed once: they run on every request. */
export function originPolicy(baseUrl: string): { allowsHost(host: string | undefined): boolean; allowsOrigin(origin: string): boolean } {
  const base = new URL(baseUrl);
  const ownHost = base.host;
  const ownOrigin = base.origin;
  return {
    allowsHost(host) {
      if (!host) return false;
      if (host.toLowerCase() === ownHost) return true;
      const name = hostnameOf(host);
      return name !== null && LOOPBACK.has(name);
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
