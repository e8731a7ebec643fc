// The site's public address (its base URL): `--base-url` and SVC_BASE_URL (config.ts), `svc init --url`
// (cli/init-values.ts), the panel's settings (content/write/save-settings.ts) and `url` in content/site.yaml
// (content/settings/site-config.ts) are checked by these functions, so the four agree. Every absolute
// address svc gives is this text and a path, and `svc mcp server-json` publishes it: a query or fragment
// would land inside each of them and a user name or password would go to everyone. The sentences never
// repeat the value: it may hold a password.

/** What keeps `text` from being a site's public address, as the end of a sentence naming the setting (`must ...`), or null. */
export function publicAddressProblem(text: string): string | null {
  if (!URL.canParse(text)) return 'must be an absolute http(s) address';
  if (!/^https?:\/\//.test(text)) return 'must start with http:// or https://';
  return addressPartsProblem(text);
}

/**
 * The address as the WHATWG parser writes it where the text is not ASCII (the host in punycode, the path
 * percent-encoded), without a trailing slash the text did not have. Every absolute address svc gives begins
 * with it, some in headers (Link, Location), where Node refuses characters past U+00FF and sends the others
 * as Latin-1: every entry page of https://例え.jp answered 500.
 */
export function asciiAddress(text: string): string {
  if (!URL.canParse(text) || /^[\x00-\x7f]*$/.test(text)) return text;
  const href = new URL(text).href;
  return href.endsWith('/') && !text.endsWith('/') ? href.slice(0, -1) : href;
}

/**
 * The part of publicAddressProblem that matters whatever else is wrong with the text: a user name or
 * password, a query or a fragment (`must not ...`), or null. Whether it is an absolute http(s) address at
 * all is left to the caller.
 */
export function addressPartsProblem(text: string): string | null {
  const url = URL.canParse(text) ? new URL(text) : null;
  // The parser drops an empty user part (`https://@host`), which the text would still carry.
  if ((url !== null && (url.username !== '' || url.password !== '')) || /^[a-z]+:\/\/[^/?#\\]*@/i.test(text)) return 'must not hold a user name or password';
  if (/[?#]/.test(text)) return 'must not have a ? query or # fragment';
  return null;
}
