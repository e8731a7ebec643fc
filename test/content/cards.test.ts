import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createFixtureSite } from '../helpers/fixture-site.ts';
import { ContentStore } from '../../dist/content/store.js';
import { findCardWarnings, listCards } from '../../dist/content/cards.js';
import { cardClasses, renderMarkdown } from '../../dist/content/markdown.js';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The demo site's content folder: real bodies with every core card. */
const CONTENT = fileURLToPath(new URL('../../content', import.meta.url));

const store = new ContentStore({ root: createFixtureSite(), clock: Date.now, log: () => {} });

test('every card\'s example can be copied as it is: no missing settings, and it renders as the card', () => {
  for (const card of listCards(store, 'en').cards) {
    assert.deepEqual(findCardWarnings(store, card.example, 'en'), [], card.name);
    assert.ok(renderMarkdown(card.example).classes.includes(`card-${card.name}`), card.name);
  }
});

test('card warnings name what is missing the way it is written: value, then field keys', () => {
  assert.deepEqual(findCardWarnings(store, '::: button\n:::', 'en'), [{ card: 'button', missing: ['value', 'href'] }]);
  assert.deepEqual(findCardWarnings(store, '::: button "Go" href="https://example.org/"\n:::', 'en'), []);
});

test('the classes content_read names are the ones the rendered body holds, without rendering it', () => {
  const nested = (depth: number): string => (depth === 0 ? 'core' : `::: quote author="x"\n${nested(depth - 1)}\n:::`);
  const bodies = [
    '', 'Plain *text* only.',
    '::: callout warning title="T"\nInside ::: not a card\n:::',
    '::: callout\n::: callout tip\n::: button "Go" href="/x"\n:::\n:::\n:::',
    '::: image src="media/a/b.png" alt="x"\n::: callout tip\n:::\n:::',
    '::: gallery images="a.png"\n:::\n::: video https://example.org/v\n:::\n::: sparkle x="1"\n::: callout nope\n:::\n:::',
    nested(12), nested(9), nested(8),
    '```\n::: callout\n```\n',
    ...readdirSync(join(CONTENT, 'posts')).flatMap((slug) => readdirSync(join(CONTENT, 'posts', slug)).filter((name) => name.endsWith('.md')).map((name) => readFileSync(join(CONTENT, 'posts', slug, name), 'utf8'))),
  ];
  for (const body of bodies) assert.deepEqual(cardClasses(body), renderMarkdown(body).classes, body.slice(0, 80));
});
