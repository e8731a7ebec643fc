// A closed site shows its Content API description as it shows its content: to a token with content:read,
// never kept by a shared cache; anyone else gets 401 (it names the site and its address).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import { createFixtureSite, FIXTURE_SITE_YAML } from '../helpers/fixture-site.ts';
import { startTestServer } from '../helpers/test-server.ts';

test('openapi.json on a closed site: 401 without a token, the document with content:read', async () => {
  const root = createFixtureSite({ 'content/site.yaml': FIXTURE_SITE_YAML.replace('approval_mode: false', 'approval_mode: false\nclosed: true') });
  const server = await startTestServer(root, { rateLimits: false });
  try {
    const anyone = await fetch(`${server.url}/svc/api/v1/openapi.json`);
    assert.equal(anyone.status, 401);
    assert.ok(!(await anyone.text()).includes('"openapi"'));
    const account = await server.deps.auth.accounts.create({ name: 'Ann', email: 'ann@example.org', role: 'admin', password: 'correct horse battery' });
    const { token } = server.deps.auth.createToken({ ownerId: account.id, name: 'read', scopes: ['content:read'], expiresInDays: 1 });
    const reader = await fetch(`${server.url}/svc/api/v1/openapi.json`, { headers: { authorization: `Bearer ${token}` } });
    assert.equal(reader.status, 200);
    assert.equal((await reader.json()).openapi, '3.1.0');
    assert.doesNotMatch(reader.headers.get('cache-control') ?? '', /public/);
  } finally {
    await server.close();
    rmSync(root, { recursive: true, force: true });
  }
});
