import type { LibreChatCollection, LibreChatSkipReason } from '@chat/contract';
import type { Db } from '../../../db/client.js';

/** What one collection's mover needs of the whole move: the database, its documents, the report. */
export interface MoveContext {
  db: Db;
  /** The documents of a collection's file (none when the folder has no such file). */
  docs: (c: LibreChatCollection) => AsyncGenerator<Record<string, unknown>>;
  /** LibreChat account (ObjectId) → the account here, for the accounts moved (now or before). */
  owners: ReadonlyMap<string, string>;
  added: (c: LibreChatCollection) => void;
  alreadyThere: (c: LibreChatCollection) => void;
  skip: (c: LibreChatCollection, reason: LibreChatSkipReason, n?: number) => void;
  note: (text: string) => void;
}

const OBJECT_ID = /^[0-9a-f]{24}$/i;

export const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

/** LibreChat's `user` fields: an ObjectId, as a string or (in balances) the ObjectId itself. */
export const ownerOf = (doc: Record<string, unknown>): string | undefined => {
  const user = str(doc.user)?.toLowerCase();
  return user && OBJECT_ID.test(user) ? user : undefined;
};
