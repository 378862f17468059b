import { transactions } from '../../../db/schema.js';
import { cleanText, dateOf } from '../formats/types.js';
import { ownerOf, str, type MoveContext } from './move-context.js';
import { libreChatId } from './moved-id.js';

const TOKEN_TYPES = new Set(['prompt', 'completion', 'credits']);
const OBJECT_ID = /^[0-9a-f]{24}$/i;
/** PostgreSQL's integer: token counts beyond it are not real ones. */
const MAX_TOKENS = 2 ** 31 - 1;
const finite = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

/**
 * LibreChat's transactions, as history: each becomes a `moved` row of the owner's transactions
 * (its token type, credits, tokens, model, context and date), with an id derived from
 * LibreChat's, so a second run adds nothing. They are not applied to the balance: the moved
 * `balances` document is LibreChat's balance after all of them.
 */
export async function moveTransactions(ctx: MoveContext): Promise<void> {
  for await (const doc of ctx.docs('transactions')) {
    const oid = str(doc._id)?.toLowerCase();
    const owner = ownerOf(doc);
    const tokenType = str(doc.tokenType);
    // Older LibreChat rows of credits carry only rawAmount (their value is the same number).
    const value = finite(doc.tokenValue)
      ? doc.tokenValue
      : tokenType === 'credits'
        ? doc.rawAmount
        : undefined;
    if (
      !oid ||
      !OBJECT_ID.test(oid) ||
      !owner ||
      !tokenType ||
      !TOKEN_TYPES.has(tokenType) ||
      !finite(value)
    ) {
      ctx.skip('transactions', 'invalid');
      continue;
    }
    const userId = ctx.owners.get(owner);
    if (!userId) {
      ctx.skip('transactions', 'owner_not_moved');
      continue;
    }
    const raw = finite(doc.rawAmount) ? Math.min(Math.abs(Math.round(doc.rawAmount)), MAX_TOKENS) : null;
    const inserted = await ctx.db
      .insert(transactions)
      .values({
        id: libreChatId('transaction', oid),
        userId,
        kind: 'moved',
        amount: Math.round(Math.max(-Number.MAX_SAFE_INTEGER, Math.min(value, Number.MAX_SAFE_INTEGER))),
        balanceAfter: null,
        model: cleanText(doc.model, 200).trim() || null,
        promptTokens: tokenType === 'prompt' ? raw : null,
        completionTokens: tokenType === 'completion' ? raw : null,
        tokenType,
        context: cleanText(doc.context, 64).trim() || null,
        reason: 'Moved from LibreChat',
        createdAt: dateOf(doc.createdAt, new Date()),
      })
      .onConflictDoNothing()
      .returning({ id: transactions.id });
    if (inserted.length > 0) ctx.added('transactions');
    else ctx.alreadyThere('transactions');
  }
}
