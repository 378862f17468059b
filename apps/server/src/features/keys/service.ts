import { KEY_EXPIRY_MAX_MS, type UpdateKeyRequest } from '@chat/contract';
import type { EndpointDefinition } from '../../config/app-config.js';
import { AppError } from '../../platform/errors.js';
import type { SsrfPolicy } from '../../platform/net/ssrf.js';
import type { UserKey, UserKeyStore } from '../../providers/credentials.js';
import { parseKeyValue } from './parse.js';
import type { KeysRepo } from './repo.js';
import { seal, unseal } from '../../platform/seal.js';

export interface KeysDeps {
  repo: KeysRepo;
  credsKey: Uint8Array;
  endpoints: () => readonly EndpointDefinition[];
  userURLPolicy?: SsrfPolicy | undefined;
  now?: () => Date;
}

/** Users' own provider keys: saved sealed, read only by the credentials resolver, never returned. */
export function createKeysService(deps: KeysDeps) {
  const now = deps.now ?? (() => new Date());
  /** The associated data a sealed value is bound to: its owner and endpoint. */
  const context = (userId: string, name: string) => `${userId}\n${name}`;

  const userEndpoint = (name: string): EndpointDefinition => {
    const endpoint = deps.endpoints().find((e) => e.name === name);
    if (!endpoint) throw new AppError('unknown_endpoint', `Unknown endpoint: ${name}`);
    if (!endpoint.userProvide) {
      throw new AppError('validation_error', `The ${name} endpoint uses the server's key`, [
        { path: 'name', message: 'This endpoint does not take a user key' },
      ]);
    }
    return endpoint;
  };

  const store: UserKeyStore = {
    async get(userId, name): Promise<UserKey | undefined> {
      const endpoint = deps.endpoints().find((e) => e.name === name);
      const row = await deps.repo.getLive(userId, name, now());
      if (!endpoint || !row) return undefined;
      const plain = unseal(row.value, deps.credsKey, context(userId, name));
      if (plain === null) return undefined; // sealed with another CREDS_KEY: as if none was saved
      try {
        return parseKeyValue(endpoint, plain, deps.userURLPolicy);
      } catch {
        return undefined; // the endpoint's shape changed since: the user sets the key again
      }
    },
  };

  return {
    store,

    async expiry(userId: string, name: string): Promise<{ expiresAt: string | null }> {
      const row = await deps.repo.getLive(userId, name, now());
      return { expiresAt: row ? row.expiresAt.toISOString() : null };
    },

    async save(userId: string, body: UpdateKeyRequest): Promise<{ name: string; expiresAt: string }> {
      const endpoint = userEndpoint(body.name);
      const expiresAt = new Date(body.expiresAt);
      const left = expiresAt.getTime() - now().getTime();
      if (!(left > 0) || left > KEY_EXPIRY_MAX_MS) {
        throw new AppError('validation_error', 'expiresAt must be in the future, at most 30 days ahead', [
          { path: 'expiresAt', message: 'Out of range' },
        ]);
      }
      // Checked (shape, SSRF) before anything is saved; stored as the user sent it.
      parseKeyValue(endpoint, body.value, deps.userURLPolicy);
      await deps.repo.upsert(
        userId,
        body.name,
        seal(body.value, deps.credsKey, context(userId, body.name)),
        expiresAt,
      );
      return { name: body.name, expiresAt: expiresAt.toISOString() };
    },

    async revoke(userId: string, name: string): Promise<{ deletedCount: number }> {
      return { deletedCount: await deps.repo.remove(userId, name) };
    },

    async revokeAll(userId: string): Promise<{ deletedCount: number }> {
      return { deletedCount: await deps.repo.removeAll(userId) };
    },
  };
}
export type KeysService = ReturnType<typeof createKeysService>;
