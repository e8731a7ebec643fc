// `svc check` on a site holding one of each problem (the built dist/cli.js as a real process), on a clean
// site, and the panel's Site check showing the same list to admins only.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { chmodSync, chownSync, mkdirSync, readdirSync, readFileSync, statSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { makeTempFolder } from '../helpers/temp-folder.ts';
import { entry, writeSite, type SiteDescription } from '../helpers/write-site.ts';
import { makePng } from '../helpers/images.ts';
import { startTestServer, type TestServer } from '../helpers/test-server.ts';
import { get, signIn, type PanelHarness } from '../helpers/panel-harness.ts';

const CLI = fileURLToPath(new URL('../../dist/cli.js', import.meta.url));
/** The first line of every check: the Node it runs on (the test's own, which starts it) beside the floor. */
const NODE_LINE = `Node ${process.versions.node} (svc needs 22.13 or newer).`;
/** Run as root, the check would read and write anything: it then runs as nobody, who owns the site. */
const AS_OTHER = process.getuid?.() === 0 ? { uid: 65534, gid: 65534 } : {};

function check(root: string, args: string[] = [], as: { uid?: number; gid?: number } = AS_OTHER, env: NodeJS.ProcessEnv = {}) {
  const result = spawnSync(process.execPath, [CLI, 'check', '--root', root, ...args], { ...as, cwd: '/', env: { PATH: process.env.PATH, ...env }, encoding: 'utf8', timeout: 60_000 });
  return { code: result.status, out: result.stdout, err: result.stderr };
}

const SETTINGS = {
  title: 'Check Site',
  url: 'https://check.example',
  languages: { en: 'English', de: 'Deutsch' },
  default_language: 'en',
  timezone: 'Europe/Berlin',
  categories: { events: { label: 'Events', kind: 'date', fields: { location: { type: 'text', label: 'Location', required: true } } } },
};

/** One clean entry beside one entry (or file) per problem `svc check` looks for. */
const PROBLEM_SITE: SiteDescription = {
  settings: SETTINGS,
  entries: {
    'content/posts/hello/en.md': entry({ title: 'Hello', status: 'published', published: '2026-01-01 10:00', tags: ['news'], cover: 'media/posts/hello/cover.png' }, 'Fine.\n\n![A photo](media/posts/hello/cover.png)'),
    'content/tags/news/en.md': entry({ title: 'News', status: 'published', published: '2026-01-01 10:00' }),
    'content/posts/missing-tag/en.md': entry({ title: 'Missing tag', status: 'draft', tags: ['news', 'nowhere'] }),
    'content/posts/missing-media/en.md': entry({ title: 'Missing media', status: 'draft', cover: 'media/posts/missing-media/nope.png' }, 'See ![gone](media/posts/missing-media/gone.jpg).'),
    'content/posts/empty-card/en.md': entry({ title: 'Empty card', status: 'draft' }, '::: image\n:::\n\n::: sparkle\n:::'),
    'content/posts/past-schedule/en.md': entry({ title: 'Past schedule', status: 'scheduled', published: '2020-01-01 10:00' }),
    'content/posts/refused-fields/en.md': entry({ title: 'Refused', status: 'draft', slug: 'Not A Slug' }),
    'content/posts/no-location/en.md': entry({ title: 'Event without place', status: 'draft', category: 'events', start: '2026-05-01 19:30' }),
    'content/posts/readonly/en.md': entry({ title: 'Read only', status: 'draft' }),
    'content/posts/locked/en.md': entry({ title: 'Locked', status: 'draft' }),
  },
  files: {
    'content/media/posts/hello/cover.png': makePng(8, 8),
    // Files /media never serves, and a folder of no entry.
    'content/media/posts/hello/Upper Case.PNG': makePng(2, 2),
    'content/media/posts/hello/javascript:alert(1).png': makePng(2, 2),
    'content/media/posts/ghost/lost.png': makePng(2, 2),
    'content/posts/bad-yaml/en.md': '---\ntitle: [unclosed\n---\nBody.\n',
    // A tag YAML's core schema does not have: refused in one sentence of ours, nothing on stderr (the parser
    // would print a warning of several lines at every read, and take the value as text).
    // Values shown as the file has them: a list is not mistaken for the text inside it.
    'content/posts/list-title/en.md': '---\ntitle: [B, C]\nstatus: draft\n---\nBody.\n',
    'content/posts/listed-status/en.md': '---\ntitle: Listed\nstatus: [published]\n---\nBody.\n',
    'content/posts/foreign-tag/en.md': '---\nslug: foreign-tag\ntitle: !python/object x\n---\nBody.\n',
    'content/posts/bad-utf8/en.md': Buffer.from([0x2d, 0x2d, 0x2d, 0x0a, 0x74, 0x3a, 0x20, 0xff, 0xfe, 0x0a, 0x2d, 0x2d, 0x2d, 0x0a]),
    'content/posts/hello/fr.md': '---\ntitle: Bonjour\n---\n',
    'content/posts/Capital Letters/en.md': '---\ntitle: Caps\n---\n',
    'content/notes/todo.md': 'Not content.\n',
    'plugins/broken/plugin.yaml': 'enabled: true\ncards: [\n',
    'data/roles.yaml': 'reviewer: [stats.view, fly]\n',
    // Temp files of interrupted writes: one a gone writer noted (its note unchanged for an hour: on another
    // machine, or long dead), one nobody noted, and one of a write in flight now (this test process's pid).
    'content/media/posts/hello/.cover.png.777.0a0b0c0d0e0f.tmp': 'half an image',
    'data/cache/writing/777@elsewhere': `${'/ROOT'}/content/media/posts/hello/.cover.png.777.0a0b0c0d0e0f.tmp\n`,
    'content/posts/hello/.en.md.4242.a1b2c3d4e5f6.tmp': 'half a translation',
    'data/tokens/.abc.json.888.0a0b0c0d0e0f.tmp': 'a token being written',
    [`data/cache/writing/${process.pid}@${hostname().replace(/[^A-Za-z0-9._-]/g, '_')}`]: `${'/ROOT'}/data/tokens/.abc.json.888.0a0b0c0d0e0f.tmp\n`,
  },
};

let problemRoot: string;
let cleanRoot: string;

/** Gives the whole tree to the user the check runs as (nobody when the tests run as root). */
function giveAway(root: string): void {
  if (AS_OTHER.uid === undefined) return;
  chownSync(root, AS_OTHER.uid, AS_OTHER.gid!);
  for (const name of readdirSync(root, { recursive: true, encoding: 'utf8' })) chownSync(join(root, name), AS_OTHER.uid, AS_OTHER.gid!);
}

before(() => {
  problemRoot = makeTempFolder('svc-check-');
  writeSite(problemRoot, PROBLEM_SITE);
  mkdirSync(join(problemRoot, 'elsewhere'));
  symlinkSync(join(problemRoot, 'elsewhere'), join(problemRoot, 'content/posts/linked'));
  for (const note of readdirSync(join(problemRoot, 'data/cache/writing'))) {
    const path = join(problemRoot, 'data/cache/writing', note);
    writeFileSync(path, readFileSync(path, 'utf8').replace('/ROOT', problemRoot));
  }
  const anHourAgo = new Date(Date.now() - 3_600_000);
  utimesSync(join(problemRoot, 'data/cache/writing/777@elsewhere'), anHourAgo, anHourAgo);
  chmodSync(problemRoot, 0o755);
  giveAway(problemRoot);
  // A name of bytes that are not UTF-8 (a file copied from an old Latin-1 system): named as such, not as unreadable.
  writeFileSync(Buffer.concat([Buffer.from(join(problemRoot, 'content/media/posts/hello/bad')), Buffer.from([0xff, 0xfe]), Buffer.from('.png')]), makePng(2, 2));
  chmodSync(join(problemRoot, 'content/posts/readonly/en.md'), 0o444);
  chmodSync(join(problemRoot, 'content/posts/locked/en.md'), 0o000);

  cleanRoot = makeTempFolder('svc-check-clean-');
  writeSite(cleanRoot, { settings: SETTINGS, entries: { 'content/posts/hello/en.md': PROBLEM_SITE.entries!['content/posts/hello/en.md']!, 'content/tags/news/en.md': PROBLEM_SITE.entries!['content/tags/news/en.md']! }, files: { 'content/media/posts/hello/cover.png': makePng(8, 8) } });
  chmodSync(cleanRoot, 0o755);
  giveAway(cleanRoot);
});

test('svc check lists one line per problem with its file, sorted by file, and exits 1', () => {
  const user = AS_OTHER.uid === undefined ? process.env.USER ?? '' : 'nobody';
  const result = check(problemRoot, ['--base-url', 'https://served.example']);
  assert.equal(result.err, '');
  assert.equal(result.code, 1);
  const expected = [
    `content/media/posts/ghost: There is no entry posts/ghost (content/posts/ghost/), so nothing shows these files.`,
    `content/media/posts/hello/.cover.png.777.0a0b0c0d0e0f.tmp: This is the temp file of a write that was cut short (its process stopped mid-write); the file it was for is whole, and the next start removes this one.`,
    `content/media/posts/hello/Upper Case.PNG: This file is left out of the site: media file names are letters, digits, dots, dashes and underscores, starting with a letter or digit; rename it.`,
    `content/media/posts/hello/bad\uFFFD\uFFFD.png: This name is not valid UTF-8, so svc cannot open it by its name; rename it.`,
    `content/media/posts/hello/javascript:alert(1).png: This file is left out of the site: media file names are letters, digits, dots, dashes and underscores, starting with a letter or digit; rename it.`,
    `content/notes: No content type has the folder notes (site.yaml types), so nothing in it is shown.`,
    `content/posts/Capital Letters: This folder is left out of the site: entry folders are named with lowercase letters, digits and dashes.`,
    `content/posts/bad-utf8/en.md: This file is not valid UTF-8; save it as UTF-8.`,
    `content/posts/bad-yaml/en.md: The front matter cannot be read (…); the entry is left out of the site.`,
    `content/posts/empty-card/en.md: The card image leaves required settings empty: src, alt.`,
    `content/posts/empty-card/en.md: The site offers no card named sparkle (core, plugins, theme); it shows as plain text.`,
    `content/posts/foreign-tag/en.md: The front matter cannot be read (The front matter uses the YAML tag !python/object (line 2), which svc does not read; write the value without it.); the entry is left out of the site.`,
    `content/posts/hello/.en.md.4242.a1b2c3d4e5f6.tmp: This is the temp file of a write that was cut short (its process stopped mid-write); the file it was for is whole; no process is writing it, so it can be deleted.`,
    `content/posts/hello/fr.md: This file is left out of the site: fr is not one of its languages (en, de).`,
    `content/posts/linked: This is a symbolic link to ${join(problemRoot, 'elsewhere')}; svc does not follow links, so what it points to is not part of the site. Put the file or folder itself here.`,
    `content/posts/list-title/en.md: title ["B","C"] is not text; the site shows the entry's folder name instead.`,
    `content/posts/listed-status/en.md: status ["published"] is not draft, published or scheduled; it reads as draft.`,
    `content/posts/locked/en.md: This file cannot be read and written by ${user}, and the server needs to.`,
    `content/posts/missing-media/en.md: media/posts/missing-media/nope.png does not exist; the image or link is broken.`,
    `content/posts/missing-media/en.md: media/posts/missing-media/gone.jpg does not exist; the image or link is broken.`,
    `content/posts/missing-tag/en.md: The tag nowhere does not exist (there is no content/tags/nowhere/); its link leads nowhere.`,
    `content/posts/no-location/en.md: The category events needs the field location (see site_info for their format). The content tools refuse it.`,
    `content/posts/past-schedule/en.md: It was scheduled for 2020-01-01 10:00, which has passed: it is shown as published, and its file still says scheduled until svc next rewrites it.`,
    `content/posts/readonly/en.md: This file cannot be read and written by ${user}, and the server needs to.`,
    `content/posts/refused-fields/en.md: slug must be lowercase letters, digits and dashes, like my-first-post. The content tools refuse it.`,
    `content/site.yaml: url is https://check.example, but the site is served at https://served.example; assistants over stdio get addresses on https://check.example. Make them the same.`,
    `data/roles.yaml: The role "reviewer" names an unknown capability "fly"; it is ignored.`,
    `plugins/broken/plugin.yaml: It is not valid YAML (…); nothing in it is used.`,
  ];
  const lines = result.out.trimEnd().split('\n');
  const summary = lines.pop();
  assert.equal(lines.shift(), NODE_LINE);
  // The YAML parser's own words are not ours to pin: everything around them is.
  const loose = (line: string) => line.replace(/cannot be read \(.*\); the entry/, 'cannot be read (…); the entry').replace(/not valid YAML \(.*\); nothing/, 'not valid YAML (…); nothing');
  assert.deepEqual(lines.map(loose), expected.map(loose));
  assert.ok(lines.includes(expected.find((line) => line.includes('foreign-tag'))!), 'the words for a foreign tag are ours');
  assert.equal(summary, `${expected.length} problems found in ${problemRoot}.`);
});

test('svc check on a clean site says so and exits 0; without a base URL the url is not compared', () => {
  const result = check(cleanRoot);
  assert.equal(result.err, '');
  assert.equal(result.out, `${NODE_LINE}\nNo problems found in ${cleanRoot}.\n`);
  assert.equal(result.code, 0);
  assert.equal(check(cleanRoot, ['--base-url', 'https://check.example/']).code, 0);
});

test('svc check notes a lowered password hash cost (a setting, not a problem of the site), and refuses a bad one', () => {
  const lowered = check(cleanRoot, [], AS_OTHER, { SVC_SCRYPT_N: '1024' });
  assert.equal(lowered.out, `${NODE_LINE}\nNote: SVC_SCRYPT_N=1024 is below the default 32768: passwords set with it are cheaper to guess; leave it unset outside a test suite.\nNo problems found in ${cleanRoot}.\n`);
  assert.equal(lowered.code, 0);
  assert.equal(check(cleanRoot, [], AS_OTHER, { SVC_SCRYPT_N: '65536' }).out, `${NODE_LINE}\nNo problems found in ${cleanRoot}.\n`);
  const bad = check(cleanRoot, [], AS_OTHER, { SVC_SCRYPT_N: '1000' });
  // As any bad setting: one sentence, and 2 (a command line or environment it cannot take).
  assert.match(bad.err, /^svc: the setting SVC_SCRYPT_N must be a power of two from 1024 to 1048576 \(the default is 32768\); .* help lists the commands\.\n$/);
  assert.equal(bad.code, 2);
});

test('svc check refuses a folder without a site with one sentence and exit code 1', () => {
  const result = check(join(cleanRoot, 'content'));
  assert.equal(result.code, 1);
  assert.match(result.err, /^svc: There is no site in [^\n]+\(content\/site\.yaml is missing\); create one with: [^\n]+ init --root [^\n]+\n$/);
});

let server: TestServer;

test('the panel shows admins the same list as svc check, and nobody else', async () => {
  // In-process as this user: compared with svc check run as this user against the same served address.
  server = await startTestServer(problemRoot);
  const { deps } = server;
  await deps.auth.accounts.create({ name: 'Ada Admin', email: 'ada@example.org', role: 'admin', password: 'correct horse battery' });
  await deps.auth.accounts.create({ name: 'Eve Editor', email: 'eve@example.org', role: 'editor', password: 'correct horse battery' });
  const panel = { url: server.url } as PanelHarness;
  const admin = await signIn(panel, 'ada@example.org', 'correct horse battery');
  const page = await get(panel, '/svc/panel/check', admin);
  assert.equal(page.res.status, 200);
  assert.match(page.text, /<a href="\/svc\/panel\/check" aria-current="page">Site check<\/a>/);
  const rows = [...page.text.matchAll(/<tr><td><code>([^<]*)<\/code><\/td><td>([^<]*)<\/td><\/tr>/g)].map((match) => `${unescape(match[1]!)}: ${unescape(match[2]!)}`);
  const cli = check(problemRoot, ['--base-url', server.url, '--data', join(problemRoot, 'data')], {});
  const lines = cli.out.trimEnd().split('\n');
  const summary = lines.pop();
  assert.equal(lines.shift(), NODE_LINE);
  assert.deepEqual(rows, lines);
  assert.ok(page.text.includes(`${lines.length} problems found in ${problemRoot}.`), summary);
  assert.ok(rows.some((row) => row.startsWith('content/site.yaml: url is https://check.example, but the site is served at http://127.0.0.1:')));

  const editor = await signIn(panel, 'eve@example.org', 'correct horse battery');
  assert.equal((await get(panel, '/svc/panel/check', editor)).res.status, 403);
  assert.doesNotMatch((await get(panel, '/svc/panel/', editor)).text, /Site check/);
  assert.equal((await get(panel, '/svc/panel/check')).res.status, 303);
});

function unescape(html: string): string {
  return html.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&amp;/g, '&');
}

after(async () => {
  await server?.close();
  // Let the test process remove what it made, whatever the check's user changed.
  if (problemRoot) chmodSync(join(problemRoot, 'content/posts/locked/en.md'), 0o644);
});
