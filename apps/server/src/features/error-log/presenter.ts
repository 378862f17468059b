import type { ErrorRecord } from '@chat/contract';
import type { ErrorLogRow } from '../../db/schema.js';

/** A logged error as the operator reads it, with the address of the user it happened to. */
export function presentErrorRecord(row: ErrorLogRow, userEmail: string | null): ErrorRecord {
  return {
    errorId: row.id,
    errorCode: row.errorCode,
    errorMessage: row.errorMessage,
    errorType: row.errorType,
    errorStack: row.errorStack,
    userEmail,
    model: row.model,
    endpoint: row.endpoint,
    conversationId: row.conversationId,
    messageId: row.messageId,
    text: row.text,
    route: row.route,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
