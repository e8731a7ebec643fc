// Registered OAuth clients: data/oauth/clients/<client_id>.json. Clients are public (no secret), so the
// record is the registration metadata plus when it was last used to obtain tokens.
import { randomBytes } from '../lib/node-builtins.js';
import { join } from 'node:path';
import type { Clock } from '../lib/clock.js';
import { RecordFolder } from './record-folder.js';
import { isInteger, isNonEmptyStrings, isString, isStringOrNull, isStrings, oneOf, optional, recordShape } from './record-shape.js';
import type { TrustedFolders } from '../lib/trusted-folders.js';

export interface OAuthClient {
  client_id: string;
  client_id_issued_at: number;
  client_name: string;
  redirect_uris: string[];
  grant_types: string[];
  response_types: string[];
  token_endpoint_auth_method: 'none';
  scope?: string | undefined;
  client_uri?: string | undefined;
  logo_uri?: string | undefined;
  software_id?: string | undefined;
  software_version?: string | undefined;
  application_type?: 'web' | 'native' | undefined;
  /** ISO time the client last obtained tokens, or null: unused registrations are cleaned up. */
  last_used_at: string | null;
}

const readRecord = recordShape<OAuthClient>({
  client_id: isString,
  client_id_issued_at: isInteger,
  client_name: isString,
  redirect_uris: isNonEmptyStrings,
  grant_types: isStrings,
  response_types: isStrings,
  token_endpoint_auth_method: oneOf('none'),
  scope: optional(isString),
  client_uri: optional(isString),
  logo_uri: optional(isString),
  software_id: optional(isString),
  software_version: optional(isString),
  application_type: optional(oneOf('web', 'native')),
  last_used_at: isStringOrNull,
});

export type NewClient = Omit<OAuthClient, 'client_id' | 'client_id_issued_at' | 'last_used_at'>;

export class ClientStore {
  private readonly folder: RecordFolder<OAuthClient>;

  constructor(trusted: TrustedFolders, dataDir: string, private readonly clock: Clock) {
    this.folder = new RecordFolder(trusted, join(dataDir, 'oauth', 'clients'), /^svc-[A-Za-z0-9_-]{22}$/, readRecord);
  }

  create(metadata: NewClient): OAuthClient {
    const client: OAuthClient = {
      client_id: `svc-${randomBytes(16).toString('base64url')}`,
      client_id_issued_at: Math.floor(this.clock() / 1000),
      ...metadata,
      last_used_at: null,
    };
    this.folder.write(client.client_id, client);
    return client;
  }

  find(clientId: string): OAuthClient | undefined {
    return this.folder.read(clientId);
  }

  markUsed(clientId: string): void {
    const client = this.folder.read(clientId);
    if (client) this.folder.write(clientId, { ...client, last_used_at: new Date(this.clock()).toISOString() });
  }

  /** Registrations that never obtained a token within `maxIdleMs` are abandoned: removes them. */
  removeAbandoned(maxIdleMs: number): number {
    let removed = 0;
    const now = this.clock();
    for (const id of this.folder.ids()) {
      const client = this.folder.read(id);
      if (!client || client.last_used_at !== null) continue;
      if (now - client.client_id_issued_at * 1000 > maxIdleMs) {
        this.folder.remove(id);
        removed++;
      }
    }
    return removed;
  }
}
