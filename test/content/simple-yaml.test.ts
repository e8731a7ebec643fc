import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { parseSimpleYaml } from '../../dist/lib/simple-yaml.js';
import { FIXTURE_FILES } from '../helpers/fixture-site.ts';

const full = (text: string) => parse(text, { schema: 'core', uniqueKeys: true });

const cases = [
  'title: Hello\nstatus: published\ndate: 2026-01-01 10:00',
  'tags: [news, travel]\nempty: []',
  'title: "Quoted: yes"\nother: \'single\'',
  'count: 12', 'ratio: 1.5', 'flag: true', 'flag: False', 'nothing: null', 'nothing: ~', 'neg: -3', 'hex: 0x1F', 'oct: 0o17', 'inf: .inf', 'nan: .NaN',
  'title: a: b', 'title: a #comment', 'title:', 'title: [a, [b]]', 'list:\n  - a\n  - b', 'map:\n  a: 1', 'title: "esc \\" quote"', "title: 'it''s'",
  'title: x\ntitle: y', 'title: &a anchor', 'title: *a', 'title: !tag x', 'title: |\n  block', 'title: >\n  folded', '- a\n- b', '# only a comment',
  'tags: [1, 2]', 'tags: [true]', 'tags: ["a"]', 'slug: 2026-plan', 'title: 2026', 'title: 10:00', 'title: ümlaut café', 'title: trailing ',
  'excerpt: Two days of markets, castles and dumplings.', 'title: A day in Cortina (6)', 'k: -', 'k: ?', 'k: @x', 'k: `x`', 'k: %x', 'k:x',
];

test('the fast path agrees with the full YAML parser or declines', () => {
  for (const text of cases) {
    const fast = parseSimpleYaml(text);
    if (fast === undefined) continue;
    assert.deepEqual(fast, full(text), text);
  }
});

test('the fast path takes the common front matter', () => {
  assert.deepEqual(parseSimpleYaml('title: Hello\ntags: [a, b]\nstatus: published\npublished: 2026-01-01 10:00\nexcerpt: "Hi: there"'),
    { title: 'Hello', tags: ['a', 'b'], status: 'published', published: '2026-01-01 10:00', excerpt: 'Hi: there' });
});

test('every front matter of the fixture and the demo site reads the same on both paths', () => {
  const texts: string[] = Object.values(FIXTURE_FILES).filter((text) => text.startsWith('---\n'));
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (name.endsWith('.md')) texts.push(readFileSync(path, 'utf8'));
    }
  };
  walk(new URL('../../content', import.meta.url).pathname);
  let fast = 0;
  for (const text of texts) {
    const block = text.split('\n---\n')[0]!.slice(4);
    const result = parseSimpleYaml(block);
    if (result === undefined) continue;
    fast++;
    assert.deepEqual(result, full(block));
  }
  assert.ok(fast > texts.length / 2, `${fast} of ${texts.length} took the fast path`);
});
