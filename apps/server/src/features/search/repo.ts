import { and, desc, eq, inArray, isNull, ne, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { DEFAULT_TITLE } from '@chat/contract';
import { conversations, messages, type ConversationRow, type MessageRow } from '../../db/schema.js';
import type { Executor } from '../../db/executor.js';
import type { TextQuery } from './query.js';

/** A search hit before its row is loaded: a message, or a conversation by its title. */
export interface Hit {
  kind: 'message' | 'title';
  id: string;
  conversationId: string;
  at: Date;
  /** Its tier: 0 is best (see `tiers`); hits are ranked by tier, then newest first. */
  rank: number;
}

// The tsvector columns (migrations 0001, 0002, 0013) are not in schema.ts, so that ordinary
// selects never carry them; they are named here, as fixed SQL.
const MESSAGE_TSV = sql.raw('"messages"."text_tsv"');
const TITLE_TSV = sql.raw('"conversations"."title_tsv"');

/** Queries of up to this many parts are ranked by how many of them match. */
const COUNTED_PARTS = 4;

/**
 * The query's tiers, best first, each a tsquery (every piece of the person's text is a bound
 * parameter, read by SQL `search_query`). One part: that part. Several: the whole query as a
 * phrase (its words adjacent, in order), then every part anywhere, then (up to COUNTED_PARTS
 * parts) all but one, all but two… down to any one part; with more parts, any part.
 */
function tiers(q: TextQuery): SQL[] {
  const part = (text: string, prefix: boolean) => sql`search_query(${text}, ${prefix})`;
  const last = q.chunks.length - 1;
  const parts = q.chunks.map((c, i) => part(c, i === last));
  if (parts.length === 1) return [parts[0]!];
  const all = (of: SQL[]) => sql`(${sql.join(of, sql` && `)})`;
  const any = (of: SQL[]) => sql`(${sql.join(of, sql` || `)})`;
  const out = [part(q.text, true)];
  if (parts.length > COUNTED_PARTS) return [...out, all(parts), any(parts)];
  for (let k = parts.length; k >= 1; k--) out.push(any(combinations(parts, k).map(all)));
  return out;
}

/** Every choice of `k` items of `items`, in order. */
function combinations<T>(items: T[], k: number): T[][] {
  if (k === 0) return [[]];
  return items.flatMap((x, i) => combinations(items.slice(i + 1), k - 1).map((rest) => [x, ...rest]));
}

/**
 * How many of the user's newest rows the first plan tests: the hits wanted × `factor`, within
 * [`min`, `max`]. Testing a row costs about what fetching a GIN match costs, so a window near
 * √(hits wanted × rows) balances the two plans: for 1,000,000 messages and one page, ~5,000; a
 * user has about a fiftieth as many conversations as messages, so their titles' window is about
 * a seventh of that.
 *
 * The phrase tier ranks first only among the user's newest `min` rows (the phrase window); an
 * older phrase match ranks with the rows that hold every word. Its words may each be frequent
 * while the phrase is rare, and the GIN index cannot test adjacency: finding old phrase matches
 * would recheck every row that holds all the words (6 % of a million messages for two common
 * words). The phrase window is the same for every page, so pages never overlap.
 */
interface WindowSize {
  factor: number;
  min: number;
  max: number;
}
const MESSAGE_WINDOW: WindowSize = { factor: 200, min: 5_000, max: 20_000 };
const TITLE_WINDOW: WindowSize = { factor: 40, min: 1_000, max: 4_000 };

/** How many users' row counts a process remembers (see `reaches`) before it starts again. */
const KNOWN_USERS = 10_000;

interface Source {
  id: PgColumn;
  conversationId: PgColumn;
  at: PgColumn;
  userId: PgColumn;
  tsv: SQL;
  table: typeof messages | typeof conversations;
  /** A further condition on the rows searched. */
  where?: SQL;
  /** The (user_id, time) index is DESC NULLS LAST: the order must say so to be read from it. */
  nullsLast?: boolean;
  window: WindowSize;
}

interface Row extends Record<string, unknown> {
  id: string;
  cid: string;
  hit_at: Date | string;
}

/**
 * The row is the user's, written so that no index answers it: the rows are found by another
 * index (a page's by their primary keys, a rare word's by the GIN index), and without statistics
 * the planner would also read the user's whole (user_id, …) index and AND the two bitmaps (20,000
 * entries for 25 rows).
 */
const ownedBy = (column: PgColumn, userId: string) => sql`coalesce(${column}, ${column}) = ${userId}`;

/** Search over the user's messages and conversation titles; every query filters by user_id. */
export function createSearchRepo(db: Executor) {
  // A search asks for messages and for titles with the same query: its tsqueries are made once.
  const made = new WeakMap<TextQuery, Promise<string[]>>();
  function tsqueries(q: TextQuery): Promise<string[]> {
    let texts = made.get(q);
    if (!texts) {
      const parts = tiers(q);
      // Made up front, as text: as a function of bound parameters the planner may leave
      // search_query in the plan, to run again for every row tested.
      texts = db
        .execute<Record<string, string>>(
          sql`select ${sql.join(
            parts.map((t, i) => sql`(${t})::text as ${sql.identifier(`t${i}`)}`),
            sql`, `,
          )}`,
        )
        .then((res) => parts.map((_, i) => res.rows[0]![`t${i}`]!));
      made.set(q, texts);
    }
    return texts;
  }

  // Users known to have at least so many rows of a kind (messages or titles): once a user's rows
  // fill a window, they are not counted again. Only ever a lower bound: a user who deleted rows
  // since is searched through the index too, with the same hits, a little slower.
  const known = new Map<string, number>();
  async function reaches(
    tx: Executor,
    key: string,
    src: Source,
    scope: SQL | undefined,
    order: SQL,
    size: number,
  ) {
    if ((known.get(key) ?? 0) >= size) return true;
    const counted = await tx.execute<{ n: number }>(sql`
      select count(*)::int as n from (select 1 from ${src.table} where ${scope} order by ${order} limit ${size}) x`);
    const n = counted.rows[0]!.n;
    if (known.size >= KNOWN_USERS) known.clear();
    known.set(key, Math.max(n, known.get(key) ?? 0));
    return n >= size;
  }

  /**
   * The best `limit` rows of `src` that match: tier by tier (`tiers`), each tier newest first, so
   * that neither a rare nor a frequent word is slow. For each tier, until `limit` are found:
   * 1. walk the user's newest rows through the (user_id, time) index, testing each stored
   *    tsvector, and stop at the matches wanted or at the window's end (`windowSize` rows; the
   *    phrase window for the phrase): a frequent tier reads a few dozen rows;
   * 2. if the window held too few and the user has more rows than it, ask the GIN index: the
   *    tier's words are rare among recent rows, so its matches are few. Never for the phrase
   *    (see WindowSize).
   * A lower tier leaves out the rows of the tiers above it: by their tests, and the phrase tier's
   * (only the phrase window's rows) by leaving out the rows already taken.
   * Both plans are pinned, because the planner often has no statistics to choose by (PGlite runs
   * no autovacuum, so nothing is analyzed unless someone runs ANALYZE): 1 runs with bitmap and
   * sequential scans off; 2 with sequential and plain index scans off, and its user filter is
   * written so that no index answers it (else the GIN bitmap is ANDed with a bitmap of every one of
   * the user's rows). Plan 1 reads the window in index order (no sort), so it can stop early.
   */
  async function best(
    src: Source,
    userId: string,
    q: TextQuery,
    limit: number,
    kind: Hit['kind'],
  ): Promise<Hit[]> {
    const ranked = (await tsqueries(q)).map((t) => sql`${t}::tsquery`);
    const windowSize = Math.min(src.window.max, Math.max(src.window.min, limit * src.window.factor));
    // With several tiers the first is the phrase, ranked first among the user's newest
    // `src.window.min` rows only (see WindowSize).
    const phrased = ranked.length > 1;
    const order = src.nullsLast ? sql`${src.at} desc nulls last` : sql`${src.at} desc`;
    const scope = and(eq(src.userId, userId), src.where);
    const toHit = (r: Row, rank: number): Hit => ({
      kind,
      id: r.id,
      conversationId: r.cid,
      at: r.hit_at instanceof Date ? r.hit_at : new Date(r.hit_at),
      rank,
    });
    const walk = sql`select set_config('enable_bitmapscan', 'off', true), set_config('enable_seqscan', 'off', true), set_config('enable_indexscan', 'on', true)`;
    const index = sql`select set_config('enable_bitmapscan', 'on', true), set_config('enable_indexscan', 'off', true)`;
    return db.transaction(async (tx) => {
      await tx.execute(walk);
      let walking = true;
      let exhaustive: boolean | undefined;
      const out: Hit[] = [];
      // The phrase tier's rows are left out of the tiers below by their ids (a phrase match older
      // than the phrase window ranks with them): each tier below asks for that many more.
      const taken = new Set<string>();
      let phraseHits = 0;
      const take = (rows: Row[], t: number, need: number) => {
        for (const r of rows) {
          if (out.length >= limit || need <= 0) return;
          if (taken.has(r.id)) continue;
          taken.add(r.id);
          out.push(toHit(r, t));
          need--;
        }
      };
      for (let t = 0; t < ranked.length && out.length < limit; t++) {
        const need = limit - out.length;
        const isPhrase = t === 0 && phrased;
        const wanted = need + phraseHits;
        // The tiers above but the phrase.
        const above = ranked.slice(phrased ? 1 : 0, t).map((u) => sql` and not (${src.tsv} @@ ${u})`);
        const test = sql`${src.tsv} @@ ${ranked[t]!}${sql.join(above)}`;
        if (!walking) {
          await tx.execute(walk);
          walking = true;
        }
        const walked = await tx.execute<Row>(sql`
          select w.id, w.cid, w.hit_at from (
            select ${src.id} as id, ${src.conversationId} as cid, ${src.at} as hit_at, ${test} as m
            from ${src.table} where ${scope} order by ${order} limit ${isPhrase ? src.window.min : windowSize}
          ) w where w.m limit ${wanted}`);
        const fresh = walked.rows.filter((r) => !taken.has(r.id));
        if (isPhrase || fresh.length >= need) {
          take(fresh, t, need);
          if (isPhrase) phraseHits = out.length;
          continue;
        }
        exhaustive ??= !(await reaches(tx, `${kind} ${userId}`, src, scope, order, windowSize));
        if (exhaustive) {
          take(fresh, t, need);
          continue;
        }
        await tx.execute(index);
        walking = false;
        const found = await tx.execute<Row>(sql`
          select ${src.id} as id, ${src.conversationId} as cid, ${src.at} as hit_at
          from ${src.table}
          where ${ownedBy(src.userId, userId)} and ${test}
            ${src.where ? sql`and ${src.where}` : sql``}
          order by ${src.at} desc, ${src.id} desc limit ${wanted}`);
        take(found.rows, t, need);
      }
      return out;
    });
  }

  return {
    /** The best `limit` messages of the user whose text matches. */
    messageHits(userId: string, q: TextQuery, limit: number): Promise<Hit[]> {
      const src: Source = {
        table: messages,
        id: messages.messageId,
        conversationId: messages.conversationId,
        at: messages.createdAt,
        userId: messages.userId,
        tsv: MESSAGE_TSV,
        window: MESSAGE_WINDOW,
        // Not a temporary chat's: the user's few temporary conversations are read once (an
        // initplan on their partial index), so each message tested compares against a short list.
        where: sql`${messages.conversationId} <> all(array(select ${conversations.conversationId}
          from ${conversations} where ${conversations.userId} = ${userId}
          and ${conversations.expiredAt} is not null))`,
      };
      return best(src, userId, q, limit, 'message');
    },

    /** The best `limit` conversations of the user whose title matches (recently updated first). */
    titleHits(userId: string, q: TextQuery, limit: number): Promise<Hit[]> {
      const src: Source = {
        table: conversations,
        id: conversations.conversationId,
        conversationId: conversations.conversationId,
        at: conversations.updatedAt,
        userId: conversations.userId,
        tsv: TITLE_TSV,
        window: TITLE_WINDOW,
        // The placeholder title of an untitled conversation is not a match for "new" or "chat".
        // Nor is a temporary chat found (LibreChat keeps those out of search).
        where: and(ne(conversations.title, DEFAULT_TITLE), isNull(conversations.expiredAt)),
        nullsLast: true,
      };
      return best(src, userId, q, limit, 'title');
    },

    async messagesByIds(userId: string, ids: string[]): Promise<MessageRow[]> {
      if (ids.length === 0) return [];
      return db
        .select()
        .from(messages)
        .where(and(ownedBy(messages.userId, userId), inArray(messages.messageId, ids)));
    },

    async conversationsByIds(userId: string, ids: string[]): Promise<ConversationRow[]> {
      if (ids.length === 0) return [];
      return db
        .select()
        .from(conversations)
        .where(and(ownedBy(conversations.userId, userId), inArray(conversations.conversationId, ids)))
        .orderBy(desc(conversations.updatedAt), desc(conversations.conversationId));
    },
  };
}
export type SearchRepo = ReturnType<typeof createSearchRepo>;
