// An account file's fields and their YAML shape: `data/accounts/<id>.yaml`, read leniently (unknown fields
// ignored) and written whole.

/** A team member, as kept in `data/accounts/<id>.yaml`. */
export interface Account {
  /** Lowercase letters, digits and dashes; written as `author` on their entries. */
  id: string;
  name: string;
  email: string;
  role: string;
  /** `scrypt$...` (see password.ts). */
  passwordHash: string;
  /** Two-factor sign-in: the base32 secret and the last time step used (replays are refused). */
  totp: { secret: string; lastStep: number | null } | null;
  /** SHA-256 hex of each unused two-factor recovery code (see recovery-codes.ts); empty without two-factor. */
  recoveryCodes: string[];
  created: string;
}

/** An account file's YAML as an account (unknown fields ignored), or null when malformed. */
export function readAccountFile(value: unknown): Account | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const v = value as Record<string, unknown>;
  if (typeof v.id !== 'string' || typeof v.name !== 'string' || typeof v.email !== 'string' || typeof v.role !== 'string' || typeof v.password !== 'string') return null;
  if (v.created !== undefined && typeof v.created !== 'string') return null;
  let totp: Account['totp'] = null;
  let recoveryCodes: string[] = [];
  const twoFactor = v.two_factor;
  if (twoFactor !== undefined && twoFactor !== null) {
    if (typeof twoFactor !== 'object' || Array.isArray(twoFactor)) return null;
    const { secret, last_step: lastStep, recovery_codes: codes } = twoFactor as Record<string, unknown>;
    if (typeof secret !== 'string') return null;
    if (lastStep !== undefined && lastStep !== null && !Number.isSafeInteger(lastStep)) return null;
    if (codes !== undefined && codes !== null && !(Array.isArray(codes) && codes.every((code) => typeof code === 'string' && /^[0-9a-f]{64}$/.test(code)))) return null;
    totp = { secret, lastStep: (lastStep as number | null | undefined) ?? null };
    recoveryCodes = (codes as string[] | null | undefined) ?? [];
  }
  return { id: v.id, name: v.name, email: normalizeEmail(v.email), role: v.role, passwordHash: v.password, totp, recoveryCodes, created: v.created ?? '' };
}

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** The YAML document of an account. */
export function accountDocument(account: Account): Record<string, unknown> {
  const doc: Record<string, unknown> = {
    id: account.id,
    name: account.name,
    email: account.email,
    role: account.role,
    password: account.passwordHash,
    created: account.created,
  };
  if (account.totp) doc.two_factor = { secret: account.totp.secret, last_step: account.totp.lastStep, recovery_codes: account.recoveryCodes };
  return doc;
}
