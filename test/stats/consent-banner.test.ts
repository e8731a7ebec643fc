// banner_needed and banner_version from the embeds found in the content, on a real content store.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, mkdirSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { execFileSync } from 'node:child_process';
import { ContentStore } from '../../dist/content/store.js';
import { consentBanner } from '../../dist/stats/consent-banner.js';
import { writeSite } from '../helpers/write-site.ts';

const root = mkdtempSync(join(tmpdir(), 'svc-banner-'));
after(() => rmSync(root, { recursive: true, force: true }));
writeSite(root, { settings: { title: 'Banner', languages: { en: 'English' }, default_language: 'en', timezone: 'UTC' }, entries: {} });
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

/** The banner's facts as a new process started from the persisted index finds them (no document read before). */
function bannerInNewProcess(cacheDir: string): unknown {
  const code = `
    import { ContentStore } from ${JSON.stringify(new URL('../../dist/content/store.js', import.meta.url).href)};
    import { consentBanner } from ${JSON.stringify(new URL('../../dist/stats/consent-banner.js', import.meta.url).href)};
    const store = new ContentStore({ root: ${JSON.stringify(root)}, clock: Date.now, log: () => {}, cacheDir: ${JSON.stringify(cacheDir)} });
    process.stdout.write(JSON.stringify(consentBanner(store)));
    store.close();`;
  return JSON.parse(execFileSync(process.execPath, ['--input-type=module', '-e', code], { encoding: 'utf8' }));
}

test('a store started from its persisted index knows the embeds without reading a body', async () => {
  const cacheDir = join(root, 'data/cache');
  const first = new ContentStore({ root, clock: Date.now, log: () => {}, cacheDir });
  const before = consentBanner(first);
  assert.equal(before.embedded_services.length, 3);
  await first.persistIndex();
  first.close();
  // Each body now says something else, in the same number of bytes and under the same mtime: a store that
  // read a body would see the change; one that takes what was found when the file was read does not.
  for (const slug of ['video', 'video-two', 'like']) {
    const file = join(root, 'content/posts', slug, 'en.md');
    const { atime, mtime } = statSync(file);
    const text = readFileSync(file, 'utf8');
    const bodyAt = text.lastIndexOf('---\n') + 4;
    writeFileSync(file, text.slice(0, bodyAt) + 'x'.repeat(text.length - bodyAt - 1) + '\n');
    utimesSync(file, atime, mtime);
  }
  assert.deepEqual(bannerInNewProcess(cacheDir), JSON.parse(JSON.stringify(before)));
});
