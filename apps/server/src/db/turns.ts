import type { PGlite } from '@electric-sql/pglite';

/**
 * One statement at a time, in order, and a turn of the event loop between two of them. PGlite
 * runs a statement synchronously on this thread and hands its lock to the next waiting one in a
 * microtask, so a queue of statements (a burst of asks, many replies ending together) ran back
 * to back with no socket read or write in between: 200 queued statements held the loop for
 * ~800 ms, and every streaming reply's tokens waited. Here a statement that had to wait starts in
 * a setImmediate after the one before it ends, so what waited on the network goes first. A
 * statement with none before it starts at once.
 */
export function createTurns() {
  let busy = false;
  const waiting: (() => void)[] = [];
  const release = (): void => {
    const next = waiting.shift();
    if (next) setImmediate(next);
    else busy = false;
  };
  return async function turn<T>(run: () => Promise<T>): Promise<T> {
    if (busy) await new Promise<void>((resolve) => waiting.push(resolve));
    else busy = true;
    try {
      return await run();
    } finally {
      release();
    }
  };
}

/**
 * The client's statements and transactions take turns (createTurns). Statements inside a
 * transaction go through its own object, within the transaction's turn. PGlite already ran a
 * top-level statement only between transactions; the order is the same.
 */
export function takingTurns(client: PGlite): PGlite {
  const turn = createTurns();
  const query = client.query.bind(client);
  const exec = client.exec.bind(client);
  const transaction = client.transaction.bind(client);
  return Object.assign(client, {
    query: ((...args: Parameters<PGlite['query']>) => turn(() => query(...args))) as PGlite['query'],
    exec: ((...args: Parameters<PGlite['exec']>) => turn(() => exec(...args))) as PGlite['exec'],
    transaction: ((...args: Parameters<PGlite['transaction']>) =>
      turn(() => transaction(...args))) as PGlite['transaction'],
  });
}
