// The MCP protocol revisions this server speaks (D6), newest first: the 2025 handshake revisions, and beside
// them the stateless 2026-07-28 revision, chosen per request by the `_meta` protocol version it carries.
// The era check and the 2026 error codes live here, not in modern-request.ts: every first message needs the
// one and every tool call may need the other, while a 2025 client never needs the 2026 checks.

export const SUPPORTED_PROTOCOL_VERSIONS = ['2025-11-25', '2025-06-18', '2025-03-26', '2024-11-05'] as const;
export type ProtocolVersion = (typeof SUPPORTED_PROTOCOL_VERSIONS)[number];

export const LATEST_PROTOCOL_VERSION: ProtocolVersion = '2025-11-25';

/** Over HTTP a request without MCP-Protocol-Version is taken to speak this revision (the transport spec says so). */
export const HTTP_DEFAULT_PROTOCOL_VERSION: ProtocolVersion = '2025-03-26';

export function isSupportedProtocolVersion(value: unknown): value is ProtocolVersion {
  return typeof value === 'string' && (SUPPORTED_PROTOCOL_VERSIONS as readonly string[]).includes(value);
}

/** The client's revision when we speak it, else our latest (the client then decides whether to go on). */
export function negotiateProtocolVersion(requested: unknown): ProtocolVersion {
  return isSupportedProtocolVersion(requested) ? requested : LATEST_PROTOCOL_VERSION;
}

/** JSON-RPC batches exist only in 2025-03-26; 2025-06-18 removed them again. */
export function allowsBatches(version: ProtocolVersion): boolean {
  return version === '2025-03-26';
}

/** The stateless revisions (no initialize; the version and client capabilities in every request's `_meta`). */
export const MODERN_PROTOCOL_VERSIONS = ['2026-07-28'] as const;
export type ModernProtocolVersion = (typeof MODERN_PROTOCOL_VERSIONS)[number];

export function isModernProtocolVersion(value: unknown): value is ModernProtocolVersion {
  return typeof value === 'string' && (MODERN_PROTOCOL_VERSIONS as readonly string[]).includes(value);
}

/** The `_meta` key a 2026-07-28 request names its revision under. */
export const META_PROTOCOL_VERSION = 'io.modelcontextprotocol/protocolVersion';

/** The error codes the 2026-07-28 revision added (renumbered in its changelog; not -32004). */
export const ModernErrorCodes = {
  headerMismatch: -32020,
  missingRequiredClientCapability: -32021,
  unsupportedProtocolVersion: -32022,
} as const;

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * A message belongs to the 2026-07-28 era when its params' `_meta` claims a protocol version (the body
 * decides, per request; the SDK's rule). Anything else — batches, initialize, a request without the claim —
 * is the 2025 path, unchanged.
 */
export function claimsModernEra(payload: unknown): boolean {
  if (!isPlainObject(payload) || !isPlainObject(payload.params)) return false;
  const meta = payload.params._meta;
  return isPlainObject(meta) && Object.hasOwn(meta, META_PROTOCOL_VERSION);
}
