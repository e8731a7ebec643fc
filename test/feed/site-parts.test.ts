// The theme and plugins are read when a server starts: a server that starts with other ones than the change
// feed last heard of records theme.changed or plugins.changed (via disk) once; the first start of a site,
// and a start with nothing changed, record nothing. The real server, started again and again on one site.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { appendFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { makeTestSite } from '../helpers/test-site.ts';
import { startRealServer } from '../helpers/special-files.ts';
import { waitFor } from '../helpers/wait-for.ts';
import { feedIn } from '../helpers/site-feed.ts';

test('a server started with another theme or other plugins records it once; an unchanged start records nothing', async () => {
  const site = await makeTestSite();
  site.deps.content.close();
  const feed = feedIn(join(site.root, 'data'));
  const parts = () => feed.since(0, 100_000).events.filter((event) => event.kind === 'theme.changed' || event.kind === 'plugins.changed').map((event) => [event.kind, event.via, event.detail]);
  const kept = join(site.root, 'data', 'feed', 'site-parts.json');
  /** Starts the server, waits until it has compared (`expected` events in all, the digests kept), and stops it. */
  const startOnce = async (expected: number) => {
    const server = await startRealServer(site.root);
    try {
      await fetch(`${server.url}/svc/api/v1/entries?limit=1`);
      await waitFor(() => assert.ok(existsSync(kept) && parts().length >= expected));
      // What a start records it records right after reading the site: a moment is plenty for a second one.
      await new Promise((done) => setTimeout(done, 500));
    } finally {
      await server.stop();
    }
  };
  try {
    await startOnce(0);
    assert.deepEqual(parts(), [], 'a first start has nothing to compare with');
    await startOnce(0);
    assert.deepEqual(parts(), []);
    appendFileSync(join(site.root, 'theme', 'theme.yaml'), '  - name: quote-box\n    title: Quote box\n');
    await startOnce(1);
    assert.deepEqual(parts(), [['theme.changed', 'disk', 'theme/']]);
    appendFileSync(join(site.root, 'plugins', 'maps', 'plugin.yaml'), '# a comment\n');
    await startOnce(2);
    await startOnce(2);
    assert.deepEqual(parts(), [['theme.changed', 'disk', 'theme/'], ['plugins.changed', 'disk', 'plugins/']]);
  } finally {
    site.cleanup();
  }
});
