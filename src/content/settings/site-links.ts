// The parts of site.yaml that hold links a visitor follows: `navigation` (a language's own menu in the site's
// header, instead of its top-level pages) and `consent.privacy_link` (the privacy policy named in the consent
// banner). A link is a path on the site or an http(s), mailto: or tel: address; anything a browser would run
// or read from the visitor's disk (javascript:, data:, vbscript:, file:) is refused wherever it comes from.
// Read by site-config.ts, whose kept copy in data/cache/ is keyed by that file's code: change both together.
import type { ConsentSettings, NavigationLink } from '../entries/types.js';

export const MAX_LINK_LENGTH = 500;
export const MAX_NAVIGATION_LINKS = 30;
export const MAX_NAVIGATION_TITLE = 80;
const SCHEMES = ['http:', 'https:', 'mailto:', 'tel:'];

type Fail = (path: string, problem: string) => never;

/** Why `link` cannot be followed from the site, or null when it can. */
export function linkProblem(link: string): string | null {
  if (link.length === 0) return 'is empty';
  if (link.length > MAX_LINK_LENGTH) return `is longer than ${MAX_LINK_LENGTH} characters`;
  if (/[\s\u0000-\u001f\u007f\\]/.test(link)) return 'holds a space, a backslash or a control character';
  if (link.startsWith('/')) return link.startsWith('//') ? 'starts with //, which leaves the site; write the whole address with https://' : null;
  const scheme = /^([a-zA-Z][a-zA-Z0-9+.-]*):/.exec(link)?.[1]?.toLowerCase();
  if (scheme === undefined) return 'is neither a path on this site (starting with /, such as /about) nor a whole address such as https://example.org';
  if (!SCHEMES.includes(`${scheme}:`)) return `uses ${scheme}:, which is not allowed; use a path such as /about or an https://, http://, mailto: or tel: address`;
  if (!URL.canParse(link)) return 'is not a valid address';
  return null;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function text(value: unknown, path: string, max: number, fail: Fail): string {
  if (typeof value !== 'string') fail(path, 'must be text');
  const trimmed = (value as string).trim();
  if (trimmed === '' || trimmed.length > max || /[\u0000-\u001f\u007f]/.test(trimmed)) fail(path, `must be 1 to ${max} characters on one line`);
  return trimmed;
}

function link(value: unknown, path: string, fail: Fail): string {
  if (typeof value !== 'string') fail(path, 'must be text');
  const problem = linkProblem(value as string);
  if (problem !== null) fail(path, `"${(value as string).slice(0, 60)}" ${problem}`);
  return value as string;
}

/** `navigation`: language code to a list of `{title, link}`; a language left out lists its top-level pages. */
export function readNavigation(value: unknown, languages: Record<string, string>, fail: Fail): Record<string, NavigationLink[]> {
  if (value === undefined || value === null) return {};
  if (!isPlainObject(value)) fail('navigation', 'must map language codes to lists of links');
  const out: Record<string, NavigationLink[]> = {};
  for (const [language, items] of Object.entries(value as Record<string, unknown>)) {
    const path = `navigation.${language.slice(0, 40)}`;
    if (!Object.hasOwn(languages, language)) fail(path, 'is not one of the languages');
    if (!Array.isArray(items)) fail(path, 'must be a list of links, each with a title and a link');
    if ((items as unknown[]).length > MAX_NAVIGATION_LINKS) fail(path, `has more than ${MAX_NAVIGATION_LINKS} links`);
    out[language] = (items as unknown[]).map((item, index) => {
      if (!isPlainObject(item)) fail(`${path}.${index}`, 'must have a title and a link');
      const row = item as Record<string, unknown>;
      return { title: text(row.title, `${path}.${index}.title`, MAX_NAVIGATION_TITLE, fail), link: link(row.link, `${path}.${index}.link`, fail) };
    });
  }
  return out;
}

/** `consent`: what the consent banner says beyond the services it finds; today the privacy policy's link. */
export function readConsent(value: unknown, fail: Fail): ConsentSettings {
  if (value === undefined || value === null) return { privacyLink: null };
  if (!isPlainObject(value)) fail('consent', 'must be a mapping such as { privacy_link: /privacy }');
  const raw = (value as Record<string, unknown>).privacy_link;
  return { privacyLink: raw === undefined || raw === null || raw === '' ? null : link(raw, 'consent.privacy_link', fail) };
}
