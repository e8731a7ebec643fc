import { test } from 'node:test';
import assert from 'node:assert/strict';
import { originPolicy } from '../../dist/mcp/transports/origin-check.js';

const policy = originPolicy('https://example.org');

test('accepts the site\'s own host and loopback hosts on any port', () => {
  for (const host of ['example.org', 'EXAMPLE.org', 'localhost', 'localhost:8080', '127.0.0.1', '127.0.0.1:3000', '[::1]', '[::1]:8080']) {
    assert.equal(policy.allowsHost(host), true, host);
  }
});

test('refuses foreign, look-alike and missing hosts', () => {
  // A Host read as a URL authority: user info or a path after a loopback name points elsewhere.
  for (const host of [undefined, '', 'evil.example.com', 'example.org.evil.com', 'localhost.evil.com', '127.0.0.2', 'example.org:8443', '[::2]', '127.0.0.1:1@evil.example', 'localhost@evil.example', 'localhost/x', 'localhost:1:2']) {
    assert.equal(policy.allowsHost(host), false, String(host));
  }
});

test('accepts the site\'s own origin and loopback origins', () => {
  for (const origin of ['https://example.org', 'http://localhost:5173', 'https://127.0.0.1', 'http://[::1]:6274']) {
    assert.equal(policy.allowsOrigin(origin), true, origin);
  }
});

test('refuses other origins, other schemes of the site and opaque origins', () => {
  for (const origin of ['http://example.org', 'https://evil.example', 'null', 'file://', 'chrome-extension://abc', 'https://localhost.evil.com', 'not a url']) {
    assert.equal(policy.allowsOrigin(origin), false, origin);
  }
});
