import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { oauthIdentities, users } from '../db/schema.js';
import type { RequestContext, UserPlaceholderField } from './types.js';

/** Which user placeholder an identity of each sign-in provider fills (LibreChat's `<provider>Id`). */
const IDENTITY_FIELDS: Partial<Record<string, UserPlaceholderField>> = {
  google: 'GOOGLEID',
  facebook: 'FACEBOOKID',
  openid: 'OPENIDID',
  github: 'GITHUBID',
  discord: 'DISCORDID',
};

/**
 * The user's fields the request placeholders name, read when an endpoint's headers or
 * `addParams` use one beyond the id. Booleans are written "true" / "false" as LibreChat does; a
 * field the user has no value for (no username, no GitHub identity) is left out, so its
 * placeholder stays as written. Two-factor sign-in does not exist here: always "false".
 */
export function userFieldsFrom(db: Db): (userId: string) => Promise<NonNullable<RequestContext['user']>> {
  return async (userId) => {
    const [row] = await db
      .select({
        name: users.name,
        username: users.username,
        email: users.email,
        provider: users.provider,
        role: users.role,
        emailVerified: users.emailVerified,
      })
      .from(users)
      .where(eq(users.id, userId))
      .limit(1);
    const fields: NonNullable<RequestContext['user']> = { ID: userId };
    if (!row) return fields;
    fields.NAME = row.name;
    if (row.username) fields.USERNAME = row.username;
    fields.EMAIL = row.email;
    fields.PROVIDER = row.provider;
    fields.ROLE = row.role;
    fields.EMAILVERIFIED = String(row.emailVerified);
    fields.TWOFACTORENABLED = 'false';
    const identities = await db
      .select({ provider: oauthIdentities.provider, subject: oauthIdentities.subject })
      .from(oauthIdentities)
      .where(eq(oauthIdentities.userId, userId));
    for (const { provider, subject } of identities) {
      const field = IDENTITY_FIELDS[provider];
      if (field) fields[field] = subject;
    }
    return fields;
  };
}
