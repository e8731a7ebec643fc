// `svc check` (the built CLI as a real process) and the panel's Site check agree with what Settings saved:
// after each save through the panel, and after a hand edit that breaks site.yaml, both list the same
// problems, file by file, in the same words.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestSite } from '../helpers/test-site.ts';
import { Jar, csrfOf, get, post } from '../helpers/panel-harness.ts';
import { serveTestSite, type ServedSite, type PanelAddress } from '../helpers/served-site.ts';

const CLI = fileURLToPath(new URL('../../dist/cli.js', import.meta.url));
let served: ServedSite;
let site: TestSite;
let panel: PanelAddress;
let ann: Jar;
const yamlPath = () => join(site.root, 'content', 'site.yaml');

before(async () => {
  ({ site, panel } = served = await serveTestSite());
  ann = await served.signIn('ann@example.org');
});
after(() => served.close());

/** `file: problem` lines as `svc check` prints them for this site, served where the panel is. */
function cliProblems(): string[] {
  const result = spawnSync(process.execPath, [CLI, 'check', '--root', site.root, '--data', join(site.root, 'data'), '--base-url', site.deps.config.baseUrl], { cwd: '/', env: { PATH: process.env.PATH }, encoding: 'utf8', timeout: 60_000 });
  assert.equal(result.stderr, '');
  const lines = result.stdout.trimEnd().split('\n');
  assert.match(lines[0]!, /^Node /);
  assert.match(lines.at(-1)!, /^(No problems found|\d+ problems? found) in /);
  assert.equal(result.status, lines.length > 2 ? 1 : 0);
  return lines.slice(1, -1);
}

const unescape = (html: string) => html.replace(/&(quot|#39|lt|gt|amp);/g, (_, name: string) => ({ quot: '"', '#39': '\'', lt: '<', gt: '>', amp: '&' })[name]!);

/** The same lines from the panel's Site check page. */
async function panelProblems(): Promise<string[]> {
  const page = await get(panel, '/svc/panel/check', ann);
  assert.equal(page.res.status, 200);
  return [...page.text.matchAll(/<tr><td><code>(.*?)<\/code><\/td><td>(.*?)<\/td><\/tr>/g)].map((match) => unescape(`${match[1]}: ${match[2]}`));
}

async function save(path: string, fields: Record<string, string>): Promise<void> {
  const page = await get(panel, path, ann);
  const version = /name="version" value="([^"]+)"/.exec(page.text)![1]!;
  const answer = await post(panel, path, { csrf: csrfOf(page.text), version, ...fields }, ann);
  assert.equal(answer.res.status, 303, answer.text.slice(0, 300));
}

test('after saves through the panel, and after a hand edit that breaks site.yaml, svc check and Site check list the same', { timeout: 120_000 }, async () => {
  const agree = async () => {
    const [cli, shown] = [cliProblems(), await panelProblems()];
    assert.deepEqual(shown, cli);
    return cli;
  };
  const before = await agree();

  // A field's type changed so that a post's value no longer fits: both name that post.
  await save('/svc/panel/settings/categories/events', {
    label: 'Events', kind: 'date', rows: '3',
    f0_key: 'start', f0_fixed: 'yes', f0_type: 'time', f0_label: 'Start', f0_required: 'yes',
    f1_key: 'location', f1_fixed: 'yes', f1_type: 'number', f1_label: 'Location', f1_required: 'yes', f1_same: 'yes',
    f2_key: 'level', f2_fixed: 'yes', f2_type: 'select', f2_label: 'Level', f2_options: 'easy\nhard',
  });
  await save('/svc/panel/settings/navigation', { 'mode:en': 'own', 'links:en': 'Home = /\nAbout = /about', 'mode:de': 'pages' });
  await save('/svc/panel/settings/types', { 'label:post': 'Articles', 'label:page': 'Pages', 'label:tag': 'Tags', 'label:recipe': 'Dishes' });
  const afterSaves = await agree();
  assert.deepEqual(afterSaves.filter((line) => !before.includes(line)), ['content/posts/hike-day/en.md: The field location must be a number. The content tools refuse it.']);

  // Broken by hand: a script as a menu link. Both say so (and the running site keeps its last good settings).
  const good = readFileSync(yamlPath(), 'utf8');
  writeFileSync(yamlPath(), good.replace('link: /about', 'link: "javascript:alert(1)"'));
  const broken = await agree();
  assert.ok(broken.includes('content/site.yaml: Navigation.en.1.link "javascript:alert(1)" uses javascript:, which is not allowed; use a path such as /about or an https://, http://, mailto: or tel: address. The server does not start with it.'), broken.join('\n'));

  // Broken by hand another way: a category in use taken out of the file.
  writeFileSync(yamlPath(), good.replace(/\n {2}journal:[^\n]*\n/, '\n'));
  const noJournal = await agree();
  assert.ok(noJournal.some((line) => line.startsWith('content/posts/hello/en.md: The site has no category "journal"')), noJournal.join('\n'));
  writeFileSync(yamlPath(), good);
  assert.deepEqual(await agree(), afterSaves);
});
