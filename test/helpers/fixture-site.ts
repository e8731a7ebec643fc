// A small site written into a temp folder for tests: two languages, every type, every status, categories,
// nested pages, tags, a cover image with a width variant, cards and a style.css.
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, dirname } from 'node:path';
import { deflateSync } from 'node:zlib';

export const FIXTURE_SITE_YAML = `title: Fixture Site
description: A site for tests.
url: http://127.0.0.1:8080
languages: { en: English, de: Deutsch }
default_language: en
timezone: Europe/Berlin
approval_mode: false
types:
  recipe: { folder: recipes, label: Recipes }
categories:
  journal: { label: Journal }
  events:
    label: Events
    kind: date
    fields:
      start: { type: time, label: Start, required: true }
      location: { type: text, label: Location, required: true, same_in_all_languages: true }
`;

function page(fields: Record<string, string | string[]>, body: string): string {
  const yaml = Object.entries(fields)
    .map(([key, value]) => `${key}: ${Array.isArray(value) ? `[${value.join(', ')}]` : JSON.stringify(value)}`)
    .join('\n');
  return `---\n${yaml}\n---\n\n${body}\n`;
}

/** The fixture's files, relative to the site root. */
export const FIXTURE_FILES: Record<string, string> = {
  'content/site.yaml': FIXTURE_SITE_YAML,
  'content/posts/hello/en.md': page({ title: 'Hello World', status: 'published', date: '2026-01-10 09:00', published: '2026-01-10 10:00', author: 'admin', tags: ['news', 'travel'], excerpt: 'The first post.', cover: 'media/posts/hello/cover.png', category: 'journal' },
    'Welcome to **the site**.\n\n::: callout tip title="Note"\nA tip.\n:::\n\n![Photo](media/posts/hello/cover.png)'),
  'content/posts/hello/de.md': page({ title: 'Hallo Welt', status: 'published', date: '2026-01-10 09:00', published: '2026-01-10 10:00', author: 'admin', tags: ['news'], slug: 'hallo-welt', excerpt: 'Der erste Beitrag.' }, 'Willkommen.'),
  'content/posts/hello/style.css': 'main h1 { color: rebeccapurple; }\n',
  'content/posts/second/en.md': page({ title: 'Second Post', status: 'published', date: '2026-02-01 08:00', published: '2026-02-01 08:30', author: 'editor', tags: ['travel'] }, 'Another post about trains.'),
  'content/posts/admin-draft/en.md': page({ title: 'Admin Draft', status: 'draft', date: '2026-03-01 12:00', author: 'admin', via: 'mcp' }, 'Not yet.'),
  'content/posts/writer-draft/en.md': page({ title: 'Writer Draft', status: 'draft', date: '2026-03-02 12:00', author: 'writer' }, 'A contributor draft.'),
  'content/posts/later/en.md': page({ title: 'Later Post', status: 'scheduled', date: '2026-03-03 12:00', published: '2099-01-01 10:00', author: 'admin' }, 'Coming.'),
  'content/posts/was-scheduled/en.md': page({ title: 'Was Scheduled', status: 'scheduled', date: '2020-01-01 09:00', published: '2020-01-01 10:00', author: 'admin' }, 'Now live.'),
  'content/posts/concert/en.md': page({ title: 'Spring Concert', status: 'published', date: '2026-01-05 10:00', published: '2026-01-05 10:00', author: 'admin', category: 'events', start: '2099-05-01 19:00', location: 'Berlin' }, 'Music.'),
  'content/posts/gala/en.md': page({ title: 'Winter Gala', status: 'published', date: '2026-01-04 10:00', published: '2026-01-04 10:00', author: 'admin', category: 'events', start: '2099-02-01 19:00', location: 'Vienna' }, 'Dance.'),
  'content/posts/old-concert/en.md': page({ title: 'Old Concert', status: 'published', date: '2019-01-05 10:00', published: '2019-01-05 10:00', author: 'admin', category: 'events', start: '2019-05-01 19:00', location: 'Bonn' }, 'Past.'),
  'content/pages/about/en.md': page({ title: 'About', status: 'published', date: '2025-01-01 10:00', published: '2025-01-01 10:00', author: 'admin' }, 'About us.'),
  'content/pages/about/de.md': page({ title: 'Über uns', status: 'published', date: '2025-01-01 10:00', published: '2025-01-01 10:00', author: 'admin', slug: 'ueber-uns' }, 'Über uns.'),
  'content/pages/about/team/en.md': page({ title: 'Team', status: 'published', date: '2025-01-02 10:00', published: '2025-01-02 10:00', author: 'admin' }, 'The team.'),
  'content/tags/news/en.md': page({ title: 'News', status: 'published', date: '2025-01-01 10:00', published: '2025-01-01 10:00' }, ''),
  'content/tags/news/de.md': page({ title: 'Neuigkeiten', status: 'published', date: '2025-01-01 10:00', published: '2025-01-01 10:00' }, ''),
  'content/tags/travel/en.md': page({ title: 'Travel', status: 'published', date: '2025-01-01 10:00', published: '2025-01-01 10:00' }, ''),
  'content/recipes/soup/en.md': page({ title: 'Barley Soup', status: 'published', date: '2025-11-01 10:00', published: '2025-11-01 10:00', author: 'admin' }, 'Cook it slowly.'),
};

/** A real PNG of the given size (solid colour), built with zlib: enough for image-size and browsers. */
export function makePng(width: number, height: number, rgb: [number, number, number] = [40, 90, 160]): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const byte of bytes) c = crcTable[(c ^ byte) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4); length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const sum = Buffer.alloc(4); sum.writeUInt32BE(crc(body));
    return Buffer.concat([length, body, sum]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0); header.writeUInt32BE(height, 4);
  header[8] = 8; header[9] = 2; header[10] = 0; header[11] = 0; header[12] = 0;
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: width }, () => rgb).flat())]);
  const raw = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]), chunk('IHDR', header), chunk('IDAT', deflateSync(raw)), chunk('IEND', Buffer.alloc(0))]);
}

/** Writes the fixture site into a new temp folder and returns its root. */
export function createFixtureSite(extra: Record<string, string | Buffer> = {}): string {
  const root = mkdtempSync(join(tmpdir(), 'svc-site-'));
  const files: Record<string, string | Buffer> = {
    ...FIXTURE_FILES,
    'content/media/posts/hello/cover.png': makePng(64, 32),
    'content/media/posts/hello/cover-32w.png': makePng(32, 16),
    ...extra,
  };
  for (const [path, text] of Object.entries(files)) {
    const full = join(root, path);
    mkdirSync(dirname(full), { recursive: true });
    writeFileSync(full, text);
  }
  return root;
}
