// Standard Webhooks signatures (standardwebhooks.com): `webhook-signature` is `v1,<base64 HMAC-SHA256 of
// "<id>.<timestamp>.<body>">`, keyed by the secret's bytes (the base64 after `whsec_`); several signatures,
// space-separated, while a rotated secret is still valid, so a receiver holding either one accepts.
import { createHmac, randomBytes, timingSafeEqual } from '../lib/node-builtins.js';

const PREFIX = 'whsec_';

/** A new endpoint secret: `whsec_` and 32 random bytes in base64. */
export function newWebhookSecret(): string {
  return PREFIX + randomBytes(32).toString('base64');
}

export function isWebhookSecret(secret: string): boolean {
  return secret.startsWith(PREFIX) && Buffer.from(secret.slice(PREFIX.length), 'base64').length >= 24;
}

/** `v1,<signature>` for one secret. */
export function signWebhook(secret: string, id: string, timestamp: number, body: string): string {
  const key = Buffer.from(secret.slice(PREFIX.length), 'base64');
  return `v1,${createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64')}`;
}

/** The header value: one signature per secret still valid. */
export function webhookSignatureHeader(secrets: readonly string[], id: string, timestamp: number, body: string): string {
  return secrets.map((secret) => signWebhook(secret, id, timestamp, body)).join(' ');
}

/** What a receiver does (the tests use it): one of the header's signatures matches this secret. */
export function verifyWebhook(secret: string, header: string, id: string, timestamp: number, body: string): boolean {
  const expected = Buffer.from(signWebhook(secret, id, timestamp, body));
  return header.split(' ').some((candidate) => {
    const given = Buffer.from(candidate);
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
}
