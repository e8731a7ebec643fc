// The OAuth stores' records are checked by hand (oauth/record-shape.ts) instead of by zod schemas, so the
// server does not load zod at start: each sample here comes back exactly as the zod schema the stores had
// gives it back (the same fields, in the same order, unknown ones left out), or is refused by both.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { z } from 'zod';
import { isBoolean, isInteger, isNonEmptyStrings, isString, isStringOrNull, isStrings, oneOf, optional, recordShape } from '../../dist/oauth/record-shape.js';

const zodClient = z.object({
  client_id: z.string(), client_id_issued_at: z.number().int(), client_name: z.string(), redirect_uris: z.array(z.string()).min(1),
  grant_types: z.array(z.string()), response_types: z.array(z.string()), token_endpoint_auth_method: z.literal('none'),
  scope: z.string().optional(), client_uri: z.string().optional(), logo_uri: z.string().optional(), software_id: z.string().optional(),
  software_version: z.string().optional(), application_type: z.enum(['web', 'native']).optional(), last_used_at: z.string().nullable(),
});
const handClient = recordShape({
  client_id: isString, client_id_issued_at: isInteger, client_name: isString, redirect_uris: isNonEmptyStrings,
  grant_types: isStrings, response_types: isStrings, token_endpoint_auth_method: oneOf('none'),
  scope: optional(isString), client_uri: optional(isString), logo_uri: optional(isString), software_id: optional(isString),
  software_version: optional(isString), application_type: optional(oneOf('web', 'native')), last_used_at: isStringOrNull,
});
const zodCode = z.object({ clientId: z.string(), redirectUriGiven: z.boolean(), scopes: z.array(z.string()), usedAt: z.string().nullable() });
const handCode = recordShape({ clientId: isString, redirectUriGiven: isBoolean, scopes: isStrings, usedAt: isStringOrNull });

const client = {
  client_id: 'svc-abcdefghijklmnopqrstuv', client_id_issued_at: 1_700_000_000, client_name: 'Assistant', redirect_uris: ['http://127.0.0.1:1234/cb'],
  grant_types: ['authorization_code', 'refresh_token'], response_types: ['code'], token_endpoint_auth_method: 'none', last_used_at: null,
};
const clientSamples: unknown[] = [
  client,
  { last_used_at: '2026-01-01T00:00:00.000Z', ...client, scope: 'content:read', application_type: 'native', extra: 'left out' },
  { ...client, last_used_at: '2026-01-01T00:00:00.000Z', client_uri: 'https://example.org', logo_uri: 'https://example.org/l.png', software_id: 'x', software_version: '1' },
  { ...client, redirect_uris: [] },
  { ...client, redirect_uris: ['a', 2] },
  { ...client, client_id_issued_at: 1.5 },
  { ...client, client_id_issued_at: 2 ** 60 },
  { ...client, client_id_issued_at: '1700000000' },
  { ...client, token_endpoint_auth_method: 'client_secret_basic' },
  { ...client, application_type: 'desktop' },
  { ...client, scope: null },
  { ...client, last_used_at: undefined },
  Object.fromEntries(Object.entries(client).filter(([name]) => name !== 'client_name')),
  null, [], 'text', 42,
];
const codeSamples: unknown[] = [
  { clientId: 'c', redirectUriGiven: false, scopes: [], usedAt: null },
  { usedAt: '2026-01-01', scopes: ['content:read'], redirectUriGiven: true, clientId: 'c', other: 1 },
  { clientId: 'c', redirectUriGiven: 'yes', scopes: [], usedAt: null },
  { clientId: 'c', redirectUriGiven: true, scopes: 'content:read', usedAt: null },
  { clientId: 'c', redirectUriGiven: true, scopes: [] },
];

function zodResult(schema: z.ZodType, value: unknown): unknown {
  const parsed = schema.safeParse(value);
  return parsed.success ? parsed.data : undefined;
}

test('a client record is taken, or refused, exactly as its zod schema did', () => {
  let taken = 0;
  for (const sample of clientSamples) {
    const expected = zodResult(zodClient, sample);
    const actual = handClient(sample);
    assert.deepEqual(actual, expected, JSON.stringify(sample));
    if (expected !== undefined) {
      assert.deepEqual(Object.keys(actual as object), Object.keys(expected as object));
      taken++;
    }
  }
  assert.equal(taken, 3);
});

test('a code record is taken, or refused, exactly as its zod schema did', () => {
  let taken = 0;
  for (const sample of codeSamples) {
    const expected = zodResult(zodCode, sample);
    const actual = handCode(sample);
    assert.deepEqual(actual, expected, JSON.stringify(sample));
    if (expected !== undefined) {
      assert.deepEqual(Object.keys(actual as object), Object.keys(expected as object));
      taken++;
    }
  }
  assert.equal(taken, 2);
});

test('a record taken is a copy: changing it changes nothing of what was read', () => {
  const source = { clientId: 'c', redirectUriGiven: true, scopes: ['a'], usedAt: null };
  const record = handCode(source) as { scopes: string[] };
  record.scopes.push('b');
  assert.deepEqual(source.scopes, ['a']);
});
