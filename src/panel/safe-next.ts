/**
 * A `next` address to return to after sign-in, or null. Only same-origin paths are kept (no scheme, no
 * host, no `//` or `\` tricks, no control characters), so sign-in cannot be used to send people elsewhere.
 */
export function safeNext(value: string | null | undefined): string | null {
  if (!value || value.length > 2048) return null;
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
