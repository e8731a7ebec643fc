// Which redirect addresses a client may register: https anywhere, or http on a loopback host (a native
// app's local listener, RFC 8252 §7.3). Everything else — javascript:, data:, custom schemes, plain http to
// a real host, fragments, embedded credentials — would hand the code to someone else or to a script. An
// invisible or direction-changing character would let one address pass for another on the consent page.
import { hasDisguisingCharacters } from '../lib/disguising-characters.js';

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);
const MAX_LENGTH = 2000;

/** Why the address is refused, or null when it is acceptable. */
export function checkRedirectUri(value: string): string | null {
  if (value.length === 0 || value.length > MAX_LENGTH) return `must be 1 to ${MAX_LENGTH} characters long`;
  if (/[\u0000-\u0020\u007f]/.test(value)) return 'must not contain spaces or control characters';
  if (hasDisguisingCharacters(value)) return 'must not contain invisible or direction-changing characters';
  if (value.includes('#')) return 'must not contain a fragment (#)';
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'is not an absolute address';
  }
  if (url.username !== '' || url.password !== '') return 'must not contain a user name or password';
  if (url.protocol === 'https:') return url.hostname === '' ? 'has no host' : null;
  if (url.protocol === 'http:') {
    return LOOPBACK_HOSTS.has(url.hostname) ? null : 'must use https, or http only on localhost, 127.0.0.1 or [::1]';
  }
  return 'must use https, or http on localhost';
}
