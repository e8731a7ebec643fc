// banner_needed and banner_version from the embeds found in the content, on a real content store.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ContentStore } from '../src/content/store.js';
import { consentBanner } from '../src/stats/consent-banner.js';

const root = mkdtempSync(join(tmpdir(), 'svc-banner-'));
after(() => rmSync(root, { recursive: true, force: true }));
mkdirSync(join(root, 'content'), { recursive: true });
writeFileSync(join(root, 'content/site.yaml'), 'title: Banner\nlanguages: { en: English }\ndefault_language: en\ntimezone: UTC\n');
const store = new ContentStore({ root, clock: Date.now, log: () => {} });

function write(slug: string, body: string): void {
  mkdirSync(join(root, 'content/posts', slug), { recursive: true });
  writeFileSync(join(root, 'content/posts', slug, 'en.md'), `---\ntitle: ${slug}\nstatus: published\npublished: 2026-01-01 10:00\n---\n${body}\n`);
  store.invalidate();
}

test('no embeds: no banner needed, only the necessary category', () => {
  write('plain', 'Just text with a link to https://example.org/.');
  const facts = consentBanner(store);
  assert.deepEqual({ ...facts, banner_version: undefined }, { banner_needed: false, banner_version: undefined, categories_offered: ['necessary'], embedded_services: [] });
  assert.match(facts.banner_version, /^[0-9a-f]{8}$/);
});

test('the version changes when the set of services changes, not when more entries use the same one', () => {
  const none = consentBanner(store).banner_version;
  write('video', '::: video https://youtu.be/dQw4w9WgXcQ\n:::');
  const youtube = consentBanner(store);
  assert.equal(youtube.banner_needed, true);
  assert.deepEqual(youtube.categories_offered, ['necessary', 'external_media']);
  assert.notEqual(youtube.banner_version, none);
  write('video-two', '<iframe src="https://www.youtube-nocookie.com/embed/abc"></iframe>');
  const twice = consentBanner(store);
  assert.equal(twice.banner_version, youtube.banner_version);
  assert.deepEqual(twice.embedded_services, [{ service: 'YouTube', category: 'external_media', entries: 2, example_ids: ['posts/video', 'posts/video-two'] }]);
  write('like', '<script src="https://connect.facebook.net/en_US/sdk.js"></script> and https://vimeo.com/123456');
  const more = consentBanner(store);
  assert.deepEqual(more.categories_offered, ['necessary', 'marketing', 'external_media']);
  assert.deepEqual(more.embedded_services.map((s) => s.service), ['Facebook', 'Vimeo', 'YouTube']);
  assert.notEqual(more.banner_version, youtube.banner_version);
});
