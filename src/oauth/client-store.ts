// Registered OAuth clients: data/oauth/clients/<client_id>.json. Clients are public (no secret), so the
// record is the registration metadata plus when it was last used to obtain tokens.
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { z } from 'zod';
import type { Clock } from '../lib/clock.js';
import { RecordFolder } from './record-folder.js';

const recordSchema = z.object({
  client_id: z.string(),
  client_id_issued_at: z.number().int(),
  client_name: z.string(),
  redirect_uris: z.array(z.string()).min(1),
  grant_types: z.array(z.string()),
  response_types: z.array(z.string()),
  token_endpoint_auth_method: z.literal('none'),
  scope: z.string().optional(),
  client_uri: z.string().optional(),
  logo_uri: z.string().optional(),
  software_id: z.string().optional(),
  software_version: z.string().optional(),
  application_type: z.enum(['web', 'native']).optional(),
  /** ISO time the client last obtained tokens, or null: unused registrations are cleaned up. */
  last_used_at: z.string().nullable(),
});

export type OAuthClient = z.infer<typeof recordSchema>;
export type NewClient = Omit<OAuthClient, 'client_id' | 'client_id_issued_at' | 'last_used_at'>;

export class ClientStore {
  private readonly folder: RecordFolder<OAuthClient>;

  constructor(dataDir: string, private readonly clock: Clock) {
    this.folder = new RecordFolder(join(dataDir, 'oauth', 'clients'), /^svc-[A-Za-z0-9_-]{22}$/, recordSchema);
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
