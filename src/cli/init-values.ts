// What `svc init` writes into content/site.yaml, checked before anything is written: each value given on the
// command line by the rules the panel's settings page keeps (content/write/save-settings.ts), with a sentence
// that names the option, and then the whole file as the server will read it (the YAML parsed back and
// checked by site.yaml's own rules, content/settings/site-config.ts). A value the server would refuse is a
// usage error (exit code 2) and no folder is made: an init that succeeded must give a site that starts.
import { parse, stringify } from 'yaml';
import { publicAddressProblem } from '../lib/site-address.js';
import { buildSiteConfig } from '../content/settings/site-config.js';
import { isValidTimeZone, timeZoneCased } from '../lib/time-zone.js';
import { UsageError } from './cli-error.js';

export interface InitValues {
  title?: string;
  language?: string;
  timezone?: string;
  url?: string;
}

const LANGUAGE_NAMES: Record<string, string> = { en: 'English', de: 'Deutsch', fr: 'Français', es: 'Español', it: 'Italiano', nl: 'Nederlands', pt: 'Português' };
const LANGUAGE = /^[a-z]{2,3}(?:-[A-Za-z0-9]{2,8})?$/;
const CONTROL = /[\u0000-\u001f\u007f]/;
export const DEFAULT_URL = 'http://127.0.0.1:8080';

/** The public address as it will be kept: as the URL parser reads it (trimmed, no tab or line break), no trailing slash. */
export function initUrl(url: string | undefined): string | undefined {
  if (url === undefined) return undefined;
  const kept = url.trim().replace(/[\t\n\r]/g, '').replace(/\/+$/, '');
  const problem = publicAddressProblem(kept);
  if (problem !== null) throw new UsageError(`--url ${problem} (the site's public address, like https://example.org)`);
  return kept;
}

function initTitle(title: string | undefined): string {
  if (title === undefined) return 'My Site';
  const kept = title.trim();
  if (kept === '' || kept.length > 200 || CONTROL.test(kept)) throw new UsageError('--title must be 1 to 200 characters on one line');
  return kept;
}

function initLanguage(language: string | undefined): string {
  if (language === undefined) return 'en';
  if (language.length > 20 || !LANGUAGE.test(language)) throw new UsageError(`--language takes a language code in lowercase like en, de or pt-BR; "${language.slice(0, 20)}" is not one`);
  return language;
}

function initTimezone(timezone: string | undefined): string {
  if (timezone === undefined) return 'UTC';
  if (timezone.length > 64 || !/^[A-Za-z0-9_+\-/]+$/.test(timezone) || timezone.includes('..') || !isValidTimeZone(timezone)) {
    throw new UsageError(`--timezone takes a time zone name like Europe/Berlin or UTC; "${timezone.slice(0, 64)}" is not one`);
  }
  return timeZoneCased(timezone);
}

/** The text of content/site.yaml for a new site with `values`; a usage error when the server would refuse it. */
export function initialSiteYaml(values: InitValues): string {
  const language = initLanguage(values.language);
  const site = {
    title: initTitle(values.title),
    description: '',
    url: initUrl(values.url) ?? DEFAULT_URL,
    languages: { [language]: LANGUAGE_NAMES[language] ?? language },
    default_language: language,
    timezone: initTimezone(values.timezone),
    approval_mode: false,
    closed: false,
    types: {
      post: { folder: 'posts', label: 'Posts' },
      page: { folder: 'pages', label: 'Pages' },
      tag: { folder: 'tags', label: 'Tags' },
    },
    categories: {},
  };
  const text = `# The website's settings: title, languages, time zone, content types and categories.\n${stringify(site)}`;
  // Read back as the server reads it: a value the checks above let through and the server would not is
  // still refused here, before anything is written.
  try {
    buildSiteConfig(parse(text, { schema: 'core' }) ?? {});
  } catch (error) {
    throw new UsageError(`These values give a site.yaml the server would refuse (${(error as Error).message.replace(/\.$/, '')}); nothing was written`);
  }
  return text;
}
