import { CAPABILITIES, type Capability } from './principal.js';
import { FileCache } from './file-cache.js';
import { parseYaml } from './yaml.js';
import { join } from 'node:path';
import type { TrustedFolders } from '../lib/trusted-folders.js';

/** D4: the default roles and their capabilities. `data/roles.yaml` may override or add roles. */
export const DEFAULT_ROLES: Readonly<Record<string, readonly Capability[]>> = {
  admin: CAPABILITIES,
  editor: ['content.write', 'content.edit_all', 'content.publish', 'content.publish_all', 'stats.view', 'assistants.use'],
  author: ['content.write', 'content.publish', 'stats.view', 'assistants.use'],
  contributor: ['content.write', 'assistants.use'],
};

export type RoleTable = ReadonlyMap<string, ReadonlySet<Capability>>;

const KNOWN = new Set<string>(CAPABILITIES);
const ROLE_NAME = /^[a-z][a-z0-9_-]{0,39}$/;

/** D4's roles as they are without a roles.yaml. */
function defaultRoleTable(): Map<string, ReadonlySet<Capability>> {
  const table = new Map<string, ReadonlySet<Capability>>();
  for (const [name, caps] of Object.entries(DEFAULT_ROLES)) table.set(name, new Set(caps));
  return table;
}

/**
 * Parses `roles.yaml`: `role: [capability, ...]` or `role: { capabilities: [...] }`. It fails closed: a
 * role whose entry cannot be read gets no capabilities, unknown capability names are dropped, and each
 * problem is reported through `warn` rather than falling back to a default that may grant more.
 */
export function parseRolesYaml(text: string, warn: (line: string) => void): RoleTable {
  const table = defaultRoleTable();
  let doc: unknown;
  try {
    doc = parseYaml(text);
  } catch (error) {
    warn(`svc: data/roles.yaml cannot be read (${(error as Error).message.split('\n')[0]}); every role but admin has no rights until it is fixed.`);
    for (const name of table.keys()) if (name !== 'admin') table.set(name, new Set());
    return table;
  }
  if (doc === null || doc === undefined) return table;
  if (typeof doc !== 'object' || Array.isArray(doc)) {
    warn('svc: data/roles.yaml must map role names to lists of capabilities; every role but admin has no rights until it is fixed.');
    for (const name of table.keys()) if (name !== 'admin') table.set(name, new Set());
    return table;
  }
  for (const [name, value] of Object.entries(doc as Record<string, unknown>)) {
    if (!ROLE_NAME.test(name)) {
      warn(`svc: data/roles.yaml: the role name "${name.slice(0, 40)}" is not valid (lowercase letters, digits, - and _); it is ignored.`);
      continue;
    }
    const list = Array.isArray(value) ? value : (value && typeof value === 'object' ? (value as { capabilities?: unknown }).capabilities : undefined);
    if (!Array.isArray(list)) {
      warn(`svc: data/roles.yaml: the role "${name}" has no list of capabilities; it gets none.`);
      table.set(name, new Set());
      continue;
    }
    const caps = new Set<Capability>();
    for (const item of list) {
      if (typeof item === 'string' && KNOWN.has(item)) caps.add(item as Capability);
      else warn(`svc: data/roles.yaml: the role "${name}" names an unknown capability "${String(item).slice(0, 40)}"; it is ignored.`);
    }
    table.set(name, caps);
  }
  return table;
}

/** The role table of an installation, re-read whenever `roles.yaml` changes. */
export class Roles {
  private readonly cache: FileCache<RoleTable>;
  private readonly defaults: RoleTable;
  readonly path: string;

  constructor(trusted: TrustedFolders, dataDir: string, log: (line: string) => void) {
    this.path = join(dataDir, 'roles.yaml');
    this.cache = new FileCache(trusted, (text) => parseRolesYaml(text, log));
    this.defaults = defaultRoleTable();
  }

  table(): RoleTable {
    return this.cache.read(this.path) ?? this.defaults;
  }

  /** The role's capabilities; an unknown role has none. */
  capabilities(role: string): ReadonlySet<Capability> {
    return this.table().get(role) ?? new Set();
  }

  exists(role: string): boolean {
    return this.table().has(role);
  }

  names(): string[] {
    return [...this.table().keys()];
  }
}
