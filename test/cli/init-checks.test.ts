// `svc init` checks every value before it writes anything: a value site.yaml's own rules (or the server)
// would refuse is exit code 2 with a sentence naming the option, and the folder is left as it was, so that
// an init that succeeded always gives a site the server starts on.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { makeTempFolder } from '../helpers/temp-folder.ts';
import { loadSiteConfig } from '../../dist/content/settings/site-config.js';
import { contents, HELP, svc } from './run-svc.ts';

const base = makeTempFolder('svc-init-checks-');

const REFUSED: Array<[string[], string]> = [
  [['--title', ''], '--title must be 1 to 200 characters on one line'],
  [['--title', '   '], '--title must be 1 to 200 characters on one line'],
  [['--title', 'a'.repeat(201)], '--title must be 1 to 200 characters on one line'],
  [['--title', 'Two\nlines'], '--title must be 1 to 200 characters on one line'],
  [['--language', 'XX'], '--language takes a language code in lowercase like en, de or pt-BR; "XX" is not one'],
  [['--language', ''], '--language takes a language code in lowercase like en, de or pt-BR; "" is not one'],
  [['--timezone', 'Mars/Olympus'], '--timezone takes a time zone name like Europe/Berlin or UTC; "Mars/Olympus" is not one'],
  [['--timezone', ''], '--timezone takes a time zone name like Europe/Berlin or UTC; "" is not one'],
  [['--url', ''], '--url must be an absolute http(s) address (the site\'s public address, like https://example.org)'],
  [['--url', 'ftp://example.org'], '--url must start with http:// or https:// (the site\'s public address, like https://example.org)'],
];

for (const [args, sentence] of REFUSED) {
  test(`init ${JSON.stringify(args)} is refused with exit code 2, and nothing is written`, () => {
    const root = join(base, `case-${REFUSED.findIndex(([other]) => other === args)}`);
    mkdirSync(root);
    const result = svc(['init', '--root', root, ...args]);
    assert.equal(result.err, `svc: ${sentence}; ${HELP}\n`);
    assert.equal(result.code, 2);
    assert.equal(result.out, '');
    assert.deepEqual(contents(root), []);
  });
}

test('a root that does not exist yet is not made when a value is refused', () => {
  const root = join(base, 'not-yet', 'site');
  assert.equal(svc(['init', '--root', root, '--title', '']).code, 2);
  assert.deepEqual(contents(base).filter((name) => name.startsWith('not-yet')), []);
});

test('what init writes is what the server reads: the title as given (trimmed), the language, the time zone, the address', () => {
  const root = join(base, 'good');
  const result = svc(['init', '--root', root, '--title', '  Field Notes ', '--language', 'pt-BR', '--timezone', 'America/Sao_Paulo', '--url', 'https://example.org/']);
  assert.equal(result.code, 0, result.err);
  const site = loadSiteConfig(join(root, 'content', 'site.yaml'));
  assert.deepEqual([site.title, site.languages, site.defaultLanguage, site.timezone, site.url], ['Field Notes', { 'pt-BR': 'pt-BR' }, 'pt-BR', 'America/Sao_Paulo', 'https://example.org']);
  assert.match(readFileSync(join(root, 'content', 'site.yaml'), 'utf8'), /^# The website's settings/);
  // A title YAML would read as something else (a number, true, null) stays the text given.
  const yes = join(base, 'yes');
  assert.equal(svc(['init', '--root', yes, '--title', 'yes']).code, 0);
  assert.equal(loadSiteConfig(join(yes, 'content', 'site.yaml')).title, 'yes');
  // A zone in any case is written as the time zone database spells it (readers of site.yaml elsewhere, such
  // as Python's zoneinfo, know no other); an alias keeps its name.
  for (const [given, written] of [['europe/berlin', 'Europe/Berlin'], ['utc', 'UTC'], ['US/Pacific', 'US/Pacific']]) {
    const folder = join(base, `zone-${written.replace('/', '-')}`);
    assert.equal(svc(['init', '--root', folder, '--timezone', given!]).code, 0, given);
    assert.equal(loadSiteConfig(join(folder, 'content', 'site.yaml')).timezone, written, given);
  }
});

test('inits started at the same moment on one folder: one makes the site, the others say a site is there, and the site is whole', async () => {
  const { spawn } = await import('node:child_process');
  const { CLI } = await import('./run-svc.ts');
  const { readdirSync } = await import('node:fs');
  for (let round = 0; round < 6; round++) {
    const root = join(base, `together-${round}`);
    const runs = await Promise.all(['A', 'B', 'C', 'D'].map((title) => new Promise<{ title: string; code: number | null; err: string }>((resolve) => {
      const child = spawn(process.execPath, [CLI, 'init', '--root', root, '--title', `Site ${title}`], { stdio: ['ignore', 'ignore', 'pipe'] });
      let err = '';
      child.stderr.setEncoding('utf8').on('data', (chunk: string) => { err += chunk; });
      child.on('exit', (code) => resolve({ title, code, err }));
    })));
    const won = runs.filter((run) => run.code === 0);
    assert.equal(won.length, 1, JSON.stringify(runs));
    for (const run of runs.filter((item) => item.code !== 0)) assert.match(run.err, /There is a site here already/, JSON.stringify(run));
    assert.equal(loadSiteConfig(join(root, 'content', 'site.yaml')).title, `Site ${won[0]!.title}`);
    assert.ok(readdirSync(join(root, 'theme', 'translations')).length > 0, 'the winner\'s translations stay');
    assert.deepEqual(readdirSync(join(root, 'content')).sort(), ['media', 'pages', 'posts', 'site.yaml', 'tags']);
  }
});

test('a file where init makes a folder is named in one sentence, and nothing is left made', async () => {
  const { writeFileSync } = await import('node:fs');
  const root = join(base, 'file-in-the-way');
  mkdirSync(join(root, 'content'), { recursive: true });
  writeFileSync(join(root, 'content', 'posts'), 'not a folder');
  const before = contents(root);
  const run = svc(['init', '--root', root]);
  assert.equal(run.code, 1, run.err);
  assert.equal(run.err, `svc: cannot use ${join(root, 'content', 'posts')}: a file is there already, where a folder was to be made.\n`);
  assert.deepEqual(contents(root), before);
});
