/** The longest address this server takes (http/server.ts: longer ones get 414). */
const MAX_NEXT = 4096;

/**
 * A `next` address to return to after sign-in, or null. Only same-origin paths are kept (no scheme, no
 * host, no `//` or `\` tricks, no control characters), so sign-in cannot be used to send people elsewhere.
 */
export function safeNext(value: string | null | undefined): string | null {
  // Room for an OAuth authorize request at its limits (a redirect_uri of 2,000 characters, a state of 1,024,
  // percent-encoded): cut at 2,048 such a request lost its way back to the consent page after sign-in.
  if (!value || value.length > MAX_NEXT) return null;
  if (!value.startsWith('/') || value.startsWith('//') || value.includes('\\')) return null;
  if (/[\u0000-\u001f\u007f]/.test(value)) return null;
  let url: URL;
  try {
    url = new URL(value, 'http://panel.invalid');
  } catch {
    return null;
  }
  if (url.origin !== 'http://panel.invalid') return null;
  // The check above reads the address as given; what is sent back is the normalised path, and normalising
  // can make `//` of it (`/.//evil.example`, `/a/..//evil.example`), which a browser reads as another host.
  if (url.pathname.startsWith('//')) return null;
  return url.pathname + url.search;
}

/** The sign-in address that comes back to `next` afterwards. */
export function signInLocation(next: string | null): string {
  const safe = safeNext(next);
  return safe && safe !== '/svc/panel/' ? `/svc/panel/sign-in?next=${encodeURIComponent(safe)}` : '/svc/panel/sign-in';
}
