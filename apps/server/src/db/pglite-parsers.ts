import type { PGlite, QueryOptions, Transaction } from '@electric-sql/pglite';

/**
 * The types Drizzle's PGlite driver reads as the text PGlite receives (dates, times, intervals,
 * numeric[] and their arrays), with a parser per query that returns the text unchanged.
 */
const KEPT_AS_TEXT = [1114, 1184, 1186, 1082, 1231, 1115, 1185, 1187, 1182] as const;
const KEPT = new Set<number>(KEPT_AS_TEXT);

const keepText = (value: string): string => value;

/** Whether every parser given is one of KEPT_AS_TEXT's and returns the text it is given. */
function onlyKeepsText(parsers: NonNullable<QueryOptions['parsers']>): boolean {
  for (const key in parsers) {
    const oid = Number(key);
    if (!KEPT.has(oid) || parsers[oid]!('\u0001') !== '\u0001') return false;
  }
  return true;
}

/** The options without parsers when the store's own already do what they say. */
function lighter(options: QueryOptions | undefined): QueryOptions | undefined {
  if (!options?.parsers || !onlyKeepsText(options.parsers)) return options;
  const { parsers: _same, ...rest } = options;
  return rest;
}

/**
 * PGlite merges a query's own parsers into a copy of all of its parsers (several hundred, one per
 * type and array type) at every query: 0.15 ms of a `select 1` that takes 0.06 ms without them.
 * Drizzle passes the same parsers, ones that keep the text, with every query. Here the store keeps
 * those types as text for every query at once, and a query's parsers are dropped when they only
 * say that again; any other parser is used as given. Only Drizzle queries the store after this is
 * applied (the migrations run before), and it reads these types as text either way.
 */
export function textKeptByStore(client: PGlite): PGlite {
  for (const oid of KEPT_AS_TEXT) client.parsers[oid] = keepText;
  const query = client.query.bind(client);
  const transaction = client.transaction.bind(client);
  const inTransaction = (tx: Transaction): Transaction => {
    const txQuery = tx.query.bind(tx);
    return Object.assign(tx, {
      query: ((text: string, params?: unknown[], options?: QueryOptions) =>
        txQuery(text, params, lighter(options))) as Transaction['query'],
    });
  };
  return Object.assign(client, {
    query: ((text: string, params?: unknown[], options?: QueryOptions) =>
      query(text, params, lighter(options))) as PGlite['query'],
    transaction: (<T>(work: (tx: Transaction) => Promise<T>) =>
      transaction((tx) => work(inTransaction(tx)))) as PGlite['transaction'],
  });
}
