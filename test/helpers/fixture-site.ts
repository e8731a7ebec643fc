// A small site written into a temp folder for tests: two languages, every type, every status, categories,
// nested pages, tags, a cover image with a width variant, cards and a style.css.
import { entry, makeSiteFolder, SITE_CATEGORIES, siteFiles, siteYamlText, writeFiles, writeSite, type SiteDescription, type YamlMap } from './write-site.ts';
import { makePng } from './images.ts';

const SETTINGS: YamlMap = {
  title: 'Fixture Site',
  description: 'A site for tests.',
  url: 'http://127.0.0.1:8080',
  languages: { en: 'English', de: 'Deutsch' },
  default_language: 'en',
  timezone: 'Europe/Berlin',
  approval_mode: false,
  types: {
    recipe: { folder: 'recipes', label: 'Recipes' },
  },
  categories: SITE_CATEGORIES,
};

export const FIXTURE_SITE: SiteDescription = {
  settings: SETTINGS,
  entries: {
    'content/posts/hello/en.md': entry({ title: 'Hello World', status: 'published', date: '2026-01-10 09:00', published: '2026-01-10 10:00', author: 'admin', tags: ['news', 'travel'], excerpt: 'The first post.', cover: 'media/posts/hello/cover.png', category: 'journal' },
      'Welcome to **the site**.\n\n::: callout tip title="Note"\nA tip.\n:::\n\n![Photo](media/posts/hello/cover.png)'),
    'content/posts/hello/de.md': entry({ title: 'Hallo Welt', status: 'published', date: '2026-01-10 09:00', published: '2026-01-10 10:00', author: 'admin', tags: ['news'], slug: 'hallo-welt', excerpt: 'Der erste Beitrag.' }, 'Willkommen.'),
    'content/posts/second/en.md': entry({ title: 'Second Post', status: 'published', date: '2026-02-01 08:00', published: '2026-02-01 08:30', author: 'editor', tags: ['travel'] }, 'Another post about trains.'),
    'content/posts/admin-draft/en.md': entry({ title: 'Admin Draft', status: 'draft', date: '2026-03-01 12:00', author: 'admin', via: 'mcp' }, 'Not yet.'),
    'content/posts/writer-draft/en.md': entry({ title: 'Writer Draft', status: 'draft', date: '2026-03-02 12:00', author: 'writer' }, 'A contributor draft.'),
    'content/posts/later/en.md': entry({ title: 'Later Post', status: 'scheduled', date: '2026-03-03 12:00', published: '2099-01-01 10:00', author: 'admin' }, 'Coming.'),
    'content/posts/was-scheduled/en.md': entry({ title: 'Was Scheduled', status: 'scheduled', date: '2020-01-01 09:00', published: '2020-01-01 10:00', author: 'admin' }, 'Now live.'),
    'content/posts/concert/en.md': entry({ title: 'Spring Concert', status: 'published', date: '2026-01-05 10:00', published: '2026-01-05 10:00', author: 'admin', category: 'events', start: '2099-05-01 19:00', location: 'Berlin' }, 'Music.'),
    'content/posts/gala/en.md': entry({ title: 'Winter Gala', status: 'published', date: '2026-01-04 10:00', published: '2026-01-04 10:00', author: 'admin', category: 'events', start: '2099-02-01 19:00', location: 'Vienna' }, 'Dance.'),
    'content/posts/old-concert/en.md': entry({ title: 'Old Concert', status: 'published', date: '2019-01-05 10:00', published: '2019-01-05 10:00', author: 'admin', category: 'events', start: '2019-05-01 19:00', location: 'Bonn' }, 'Past.'),
    'content/pages/about/en.md': entry({ title: 'About', status: 'published', date: '2025-01-01 10:00', published: '2025-01-01 10:00', author: 'admin' }, 'About us.'),
    'content/pages/about/de.md': entry({ title: 'Über uns', status: 'published', date: '2025-01-01 10:00', published: '2025-01-01 10:00', author: 'admin', slug: 'ueber-uns' }, 'Über uns.'),
    'content/pages/about/team/en.md': entry({ title: 'Team', status: 'published', date: '2025-01-02 10:00', published: '2025-01-02 10:00', author: 'admin' }, 'The team.'),
    'content/tags/news/en.md': entry({ title: 'News', status: 'published', date: '2025-01-01 10:00', published: '2025-01-01 10:00' }),
    'content/tags/news/de.md': entry({ title: 'Neuigkeiten', status: 'published', date: '2025-01-01 10:00', published: '2025-01-01 10:00' }),
    'content/tags/travel/en.md': entry({ title: 'Travel', status: 'published', date: '2025-01-01 10:00', published: '2025-01-01 10:00' }),
    'content/recipes/soup/en.md': entry({ title: 'Barley Soup', status: 'published', date: '2025-11-01 10:00', published: '2025-11-01 10:00', author: 'admin' }, 'Cook it slowly.'),
  },
  files: {
    'content/posts/hello/style.css': 'main h1 { color: rebeccapurple; }\n',
    'content/media/posts/hello/cover.png': makePng(64, 32),
    'content/media/posts/hello/cover-32w.png': makePng(32, 16),
  },
};

/** The fixture's text files (site.yaml, the entries, the style) by path from the site root: all but the images. */
export const FIXTURE_FILES: Record<string, string> = Object.fromEntries(
  [...siteFiles(FIXTURE_SITE)].filter((file): file is [string, string] => typeof file[1] === 'string'),
);

export const FIXTURE_SITE_YAML = siteYamlText(FIXTURE_SITE.settings);

/** Writes the fixture site into a new temp folder and returns its root; `extra` files are added or replace the fixture's. */
export function createFixtureSite(extra: Record<string, string | Buffer> = {}): string {
  const root = makeSiteFolder('svc-site-');
  writeSite(root, FIXTURE_SITE);
  writeFiles(root, extra);
  return root;
}
