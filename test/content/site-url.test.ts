// `url` in content/site.yaml, edited by hand, is held to the rule --base-url, `svc init --url` and the panel
// keep (src/lib/site-address.ts): no user name or password, no query, no fragment. Every address the stdio
// server gives is built from it, so a password there would go to every assistant. It was accepted; now
// reading site.yaml refuses it with a sentence naming the file and the field, never the password: both
// servers do not start and change nothing on disk, a running one keeps its settings, `svc check` lists it,
// and an address that is merely not absolute stays the warning `svc check` gave before.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildSiteConfig } from '../../dist/content/settings/site-config.js';
import { SiteSettings } from '../../dist/content/settings/site-settings.js';
import { TrustedFolders } from '../../dist/lib/trusted-folders.js';
import { contents, siteWithAdmin, svc } from '../cli/run-svc.ts';

const SECRET = 's3cret-Pw';
const root = siteWithAdmin('svc-site-url-');
const yamlFile = join(root, 'content', 'site.yaml');
const original = readFileSync(yamlFile, 'utf8');
const CREDENTIALS = 'must not hold a user name or password';
const PARTS = 'must not have a ? query or # fragment';

const BAD: Array<[string, string]> = [
  [`https://user:${SECRET}@example.org`, CREDENTIALS],
  [`https://${SECRET}@example.org/blog`, CREDENTIALS],
  ['https://@example.org', CREDENTIALS],
  ['https://example.org/?utm=1', PARTS],
  ['https://example.org/?', PARTS],
  ['https://example.org/#top', PARTS],
];

/** site.yaml as svc init wrote it, with `url` set to `address`. */
function withUrl(address: string): string {
  const text = original.replace(/^url: .*$/m, `url: "${address}"`);
  assert.notEqual(text, original);
  return text;
}

test('reading site.yaml refuses such a url, naming the file and the field and never the password', () => {
  const settings = { title: 'T', languages: { en: 'English' } };
  for (const [address, problem] of BAD) {
    assert.throws(() => buildSiteConfig({ ...settings, url: address }), (error: unknown) => {
      const message = (error as Error).message;
      assert.equal(message, `content/site.yaml: url ${problem}.`, address);
      assert.ok(!message.includes(SECRET));
      return true;
    });
  }
  // What was accepted stays accepted: a path, a trailing slash, and (left to svc check) no scheme at all.
  for (const address of ['https://example.org/blog/', 'http://127.0.0.1:8080', 'example.org']) {
    assert.equal(buildSiteConfig({ ...settings, url: address }).url, address.replace(/\/+$/, ''));
  }
});

test('both servers refuse to start on it, with one sentence and nothing written', () => {
  for (const [address, problem] of BAD.slice(0, 4)) {
    writeFileSync(yamlFile, withUrl(address));
    const before = contents(root);
    for (const entry of ['server.js', 'stdio.js']) {
      const file = fileURLToPath(new URL(`../../dist/${entry}`, import.meta.url));
      const result = spawnSync(process.execPath, [file, `--root=${root}`, '--port=0', '--token=svc_whatever'], {
        env: { PATH: process.env.PATH }, input: '', encoding: 'utf8', timeout: 30_000,
      });
      assert.deepEqual([result.status, result.stderr, result.stdout], [1, `svc: content/site.yaml: url ${problem}.\n`, ''], `${entry} ${address}`);
      assert.deepEqual(contents(root), before, entry);
      assert.equal(readFileSync(yamlFile, 'utf8'), withUrl(address));
    }
  }
  writeFileSync(yamlFile, original);
});

test('a running server given such a url by hand keeps its previous settings, said once without the password', () => {
  const lines: string[] = [];
  const settings = new SiteSettings(new TrustedFolders([join(root, 'content')]), yamlFile, (line) => lines.push(line));
  const before = settings.current.url;
  writeFileSync(yamlFile, withUrl(BAD[0]![0]));
  utimesSync(yamlFile, new Date(Date.now() + 5_000), new Date(Date.now() + 5_000));
  assert.equal(settings.reload(), false);
  assert.equal(settings.current.url, before);
  assert.deepEqual(lines, [`svc: content/site.yaml: url ${CREDENTIALS}. Keeping the previous settings.`]);
  // Mended, then broken again in another way: that is said too.
  writeFileSync(yamlFile, original);
  utimesSync(yamlFile, new Date(Date.now() + 10_000), new Date(Date.now() + 10_000));
  assert.equal(settings.reload(), true);
  writeFileSync(yamlFile, `${original}title: [broken\n`);
  utimesSync(yamlFile, new Date(Date.now() + 15_000), new Date(Date.now() + 15_000));
  assert.equal(settings.reload(), false);
  assert.equal(lines.length, 2, lines.join('\n'));
  assert.match(lines[1]!, /Keeping the previous settings\.$/);
  writeFileSync(yamlFile, original);
});

test('svc check lists it (exit code 1) without the password', () => {
  for (const [address, problem] of BAD) {
    writeFileSync(yamlFile, withUrl(address));
    const result = svc(['check', '--root', root]);
    assert.equal(result.code, 1, result.out);
    assert.ok(result.out.includes(`content/site.yaml: Url ${problem}. The server does not start with it.`), result.out);
    assert.ok(!result.out.includes(SECRET) && !result.err.includes(SECRET));
  }
  // An address that is not absolute is the warning it was, not a refusal to start.
  writeFileSync(yamlFile, withUrl('example.org'));
  assert.match(svc(['check', '--root', root]).out, /content\/site\.yaml: url "example\.org" is not an absolute http\(s\) address/);
  writeFileSync(yamlFile, original);
  assert.equal(svc(['check', '--root', root]).code, 0);
});
