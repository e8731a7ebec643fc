// svc check names two translations at one address (a slug set by hand to another entry's path: only one of
// them is shown) and a translation at one of the site's own top-level addresses (/search, /de/search…),
// which svc now refuses to write but a hand edit or an older version may have left; a language whose home page
// is such an address or a type's list, and a page at a language's home.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { makeTempFolder } from '../helpers/temp-folder.ts';
import { entry, writeSite } from '../helpers/write-site.ts';

const CLI = fileURLToPath(new URL('../../dist/cli.js', import.meta.url));

/** `svc check` on the site at `root`, which must find problems: its lines about one file. */
function checkedLines(root: string): (file: string) => string[] {
  const result = spawnSync(process.execPath, [CLI, 'check', '--root', root], { cwd: '/', env: { PATH: process.env.PATH }, encoding: 'utf8', timeout: 60_000 });
  assert.equal(result.status, 1, result.stdout + result.stderr);
  const lines = result.stdout.split('\n');
  return (file) => lines.filter((text) => text.startsWith(`${file}:`));
}

test('svc check names translations that share an address, and those at the site\'s own addresses', () => {
  const root = makeTempFolder('svc-check-addresses-');
  try {
    writeSite(root, {
      settings: { title: 'Addresses', url: 'https://addresses.example', languages: { en: 'English', de: 'Deutsch' }, default_language: 'en', timezone: 'UTC' },
      entries: {
        'content/posts/alpha/en.md': entry({ title: 'Alpha', status: 'published', published: '2026-01-01 10:00' }),
        'content/posts/beta/en.md': entry({ title: 'Beta', status: 'published', published: '2026-01-02 10:00', slug: 'alpha' }),
        'content/posts/gamma/en.md': entry({ title: 'Gamma', status: 'draft' }),
        'content/posts/gamma/de.md': entry({ title: 'Suche', status: 'draft', slug: 'search' }),
        'content/pages/about/en.md': entry({ title: 'About', status: 'published', published: '2026-01-01 10:00' }),
        'content/pages/about/search/en.md': entry({ title: 'Searching', status: 'published', published: '2026-01-01 10:00' }),
      },
    });
    const line = checkedLines(root);
    assert.deepEqual(line('content/posts/alpha/en.md'), ['content/posts/alpha/en.md: Its address /alpha is also that of content/posts/beta/en.md: only one of them is shown; give one a slug of its own.']);
    assert.equal(line('content/posts/beta/en.md').length, 1);
    assert.match(line('content/posts/gamma/de.md').join('\n'), /Its address \/de\/search is one of the site's own: the site's search page is at \/search/);
    assert.deepEqual(line('content/pages/about/search/en.md'), [], 'a page below the top may be called search');
    assert.deepEqual(line('content/posts/gamma/en.md'), []);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

test('svc check names a language whose home page is one of the site\'s own addresses or a type\'s list, and an entry at a language\'s home', () => {
  const root = makeTempFolder('svc-check-languages-');
  try {
    writeSite(root, {
      settings: { title: 'Languages', url: 'https://languages.example', languages: { en: 'English', de: 'Deutsch', tag: 'Tagalog', faq: 'Faq' }, default_language: 'en', timezone: 'UTC', types: { question: { folder: 'faq', label: 'Questions' } } },
      entries: {
        'content/pages/de/en.md': entry({ title: 'De', status: 'published', published: '2026-01-01 10:00' }),
        'content/pages/about/en.md': entry({ title: 'About', status: 'published', published: '2026-01-01 10:00' }),
      },
    });
    const line = checkedLines(root);
    assert.deepEqual(line('content/site.yaml'), [
      'content/site.yaml: The language tag cannot have its home page at /tag: /tag is an address of the site itself: the tags are listed at /tag and shown at /tag/…; choose another code for it.',
      'content/site.yaml: The language faq cannot have its home page at /faq: /faq lists the Questions (the folder of the type question); choose another code for it.',
    ]);
    assert.deepEqual(line('content/pages/de/en.md'), ['content/pages/de/en.md: Its address /de is the home page of the Deutsch pages; give it another slug.']);
    assert.deepEqual(line('content/pages/about/en.md'), []);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});
