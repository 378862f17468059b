import type { FastifyBaseLogger } from 'fastify';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createReplyFlusher } from './flusher.js';
import { createReplyText } from './reply-text.js';

const quiet = () => {};
const log = { error: quiet, warn: quiet, info: quiet, debug: quiet } as unknown as FastifyBaseLogger;
/** Time passing inside a fake store's write: the test's clock moves it on. */
const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
/**
 * Moves the fake clock on, running the ticks, the writes' own waits and the turns of the event
 * loop due meanwhile: what happens in 60 ms does not depend on how busy the machine is.
 */
const pass = (ms: number) => vi.advanceTimersByTimeAsync(ms);
/** No saved text to read back (the tests whose texts never forget their start). */
const noGet = () => Promise.resolve(undefined);
/** Moves the clock on until `check` holds, for at most 2 s of the test's time. */
async function until(check: () => boolean): Promise<void> {
  for (let waited = 0; !check() && waited < 2000; waited += 5) await pass(5);
}

/** Moves the clock on until `work` settles (a removal that waits for a running write). */
async function whileRunning<T>(work: Promise<T>): Promise<T> {
  let done = false;
  work.then(
    () => (done = true),
    () => (done = true),
  );
  await until(() => done);
  return work;
}

type Write = { id: string; userId: string; fromBytes: number; text: string };

/**
 * The database's side of appendTexts over a map of saved texts: a row appends to a saved text of
 * `fromBytes` UTF-8 bytes (else it is left alone) or, with -1, replaces it.
 */
function store(saved: Map<string, string>) {
  return (rows: readonly Write[]): Set<string> => {
    const written = new Set<string>();
    for (const r of rows) {
      const now = saved.get(r.id) ?? '';
      if (r.fromBytes >= 0 && Buffer.byteLength(now) !== r.fromBytes) continue;
      saved.set(r.id, r.fromBytes < 0 ? r.text : now + r.text);
      written.add(r.id);
    }
    return written;
  };
}

/** A flusher over a recording store: every batch it was asked to write, row by row. */
function recording(flushMs: number, saved = new Map<string, string>()) {
  const writes: Write[][] = [];
  const apply = store(saved);
  const flusher = createReplyFlusher({
    messages: {
      appendTexts: (rows) => {
        writes.push(rows.map(({ id, userId, fromBytes, text }) => ({ id, userId, fromBytes, text })));
        return Promise.resolve(apply(rows));
      },
      get: (_userId, id) => Promise.resolve(saved.has(id) ? { text: saved.get(id)! } : undefined),
    },
    log,
    flushMs,
  });
  return { flusher, writes, saved };
}

describe('reply flusher', () => {
  beforeEach(() => {
    vi.useFakeTimers({
      toFake: [
        'setTimeout',
        'clearTimeout',
        'setInterval',
        'clearInterval',
        'setImmediate',
        'clearImmediate',
        'performance',
        'Date',
      ],
    });
  });
  afterEach(() => vi.useRealTimers());

  it('saves what a growing text gained once per change, every reply in one batch, and stops at remove', async () => {
    const { flusher, writes, saved } = recording(20, new Map([['a', 'prefix']]));
    let a = 'prefix';
    let b = '';
    flusher.add('a', 'u1', a, () => a);
    flusher.add('b', 'u2', b, () => b);
    // Nothing new since the add: nothing written.
    await pass(60);
    expect(writes).toEqual([]);

    a += ' one';
    b += 'two';
    await pass(60);
    expect(writes).toEqual([
      [
        { id: 'a', userId: 'u1', fromBytes: 6, text: ' one' },
        { id: 'b', userId: 'u2', fromBytes: 0, text: 'two' },
      ],
    ]);

    // Unchanged since that write: not written again; only what grew is.
    b += ' three';
    await pass(60);
    expect(writes.slice(1)).toEqual([[{ id: 'b', userId: 'u2', fromBytes: 3, text: ' three' }]]);
    expect(saved).toEqual(
      new Map([
        ['a', 'prefix one'],
        ['b', 'two three'],
      ]),
    );

    await flusher.remove('a');
    await flusher.remove('b');
    a += ' more';
    b += ' more';
    await pass(60);
    expect(writes).toHaveLength(2);
  });

  it('tries again next tick when a write fails', async () => {
    let fail = true;
    const saved: string[] = [];
    const flusher = createReplyFlusher({
      messages: {
        appendTexts: (rows) => {
          if (fail) return Promise.reject(new Error('database gone'));
          saved.push(...rows.map((r) => r.text));
          return Promise.resolve(new Set(rows.map((r) => r.id)));
        },
        get: noGet,
      },
      log,
      flushMs: 20,
    });
    let text = '';
    flusher.add('r', 'u', text, () => text);
    text = 'hello';
    await pass(60);
    expect(saved).toEqual([]);
    fail = false;
    await pass(60);
    expect(saved).toEqual(['hello']);
    await flusher.remove('r');
  });

  it('puts the next tick off when a tick took more than its share of the time', async () => {
    const starts: number[] = [];
    const ends: number[] = [];
    const flusher = createReplyFlusher({
      messages: {
        appendTexts: async (rows) => {
          starts.push(performance.now());
          await sleep(50);
          ends.push(performance.now());
          return new Set(rows.map((r) => r.id));
        },
        get: noGet,
      },
      log,
      flushMs: 20,
      busyShare: 0.25,
    });
    let text = '';
    const grow = setInterval(() => (text += 'x'), 5);
    flusher.add('r', 'u', text, () => text);
    await pass(600);
    clearInterval(grow);
    await flusher.remove('r');
    // Each write takes >= 50 ms: at a quarter of the time, the next starts >= 150 ms after it ended
    // (at 20 ms without the share).
    expect(starts.length).toBeGreaterThanOrEqual(2);
    for (let i = 1; i < starts.length; i++) {
      expect(starts[i]! - ends[i - 1]!).toBeGreaterThanOrEqual(145);
    }
  });

  it('writes many replies in statements of 100, and a removed reply waits only for the one running', async () => {
    const statements: string[][] = [];
    let finished = 0;
    const flusher = createReplyFlusher({
      messages: {
        appendTexts: async (rows) => {
          statements.push(rows.map((r) => r.id));
          await sleep(40);
          finished++;
          return new Set(rows.map((r) => r.id));
        },
        get: noGet,
      },
      log,
      flushMs: 20,
    });
    const texts = new Map<string, string>();
    for (let i = 0; i < 250; i++) {
      const id = `r${i}`;
      texts.set(id, '');
      flusher.add(id, 'u', '', () => texts.get(id)!);
    }
    for (const id of texts.keys()) texts.set(id, 'some text');
    while (statements.length === 0) await pass(2);
    // The first statement (r0..r99) is being written: removing one of its replies waits for it;
    // a reply of a later statement is left out of it.
    await whileRunning(Promise.all([flusher.remove('r5'), flusher.remove('r220')]));
    expect(finished).toBe(1);
    while (finished < 3) await pass(5);
    expect(statements.map((ids) => ids.length)).toEqual([100, 100, 49]);
    expect(statements[0]).toContain('r5');
    expect(statements.flat()).not.toContain('r220');
    for (const id of texts.keys()) await whileRunning(flusher.remove(id));
  });

  it('reads a statement’s texts when it runs, so a tick holds only one statement’s copies', async () => {
    const statements: { id: string; text: string }[][] = [];
    const texts = new Map<string, string>();
    const flusher = createReplyFlusher({
      messages: {
        appendTexts: async (rows) => {
          statements.push(rows.map((r) => ({ id: r.id, text: r.text })));
          // While the first statement is written, a reply of the second one grows.
          if (statements.length === 1) texts.set('r150', 'some text and more');
          await sleep(20);
          return new Set(rows.map((r) => r.id));
        },
        get: noGet,
      },
      log,
      flushMs: 20,
    });
    for (let i = 0; i < 200; i++) {
      const id = `r${i}`;
      texts.set(id, '');
      flusher.add(id, 'u', '', () => texts.get(id)!);
    }
    for (const id of texts.keys()) texts.set(id, 'some text');
    await until(() => statements.length >= 2);
    expect(statements[1]!.find((r) => r.id === 'r150')?.text).toBe('some text and more');
    expect(statements[0]!.find((r) => r.id === 'r50')?.text).toBe('some text');
    for (const id of texts.keys()) await whileRunning(flusher.remove(id));
  });
  it('counts saved bytes across multi-byte text, and writes the whole text when the saved one is not what it wrote', async () => {
    const { flusher, writes, saved } = recording(20);
    let text = '';
    flusher.add('r', 'u', text, () => text);
    text += 'héllo 👋';
    await pass(60);
    text += ' wörld';
    await pass(60);
    expect(writes.map((w) => w[0]!.fromBytes)).toEqual([0, Buffer.byteLength('héllo 👋')]);
    expect(saved.get('r')).toBe(text);

    // Someone else's write changed the saved text: the append is refused, the next tick writes it whole.
    saved.set('r', 'other');
    text += '!';
    await pass(60);
    expect(writes.slice(2).map((w) => w[0]!.fromBytes)).toEqual([Buffer.byteLength('héllo 👋 wörld'), -1]);
    expect(saved.get('r')).toBe(text);
    await flusher.remove('r');
  });

  it('has memory forget what a confirmed save holds, and keeps saving only what is new', async () => {
    const { flusher, writes, saved } = recording(20);
    const text = createReplyText();
    let plain = '';
    const grow = (n: number) => {
      for (let i = 0; i < n; i++) {
        const piece = i % 9 === 0 ? `é${i}👋 ` : `t${i} `;
        text.append(piece);
        plain += piece;
      }
    };
    flusher.add('r', 'u', '', () => text);
    grow(300);
    await until(() => saved.get('r') === plain && text.keptFrom > 0);
    // Saved up to here: the two sealed blocks of 128 pieces are gone from memory, the rest stays.
    expect(saved.get('r')).toBe(plain);
    expect(text.keptFrom).toBeGreaterThan(0);
    expect(text.slice(text.keptFrom)).toBe(plain.slice(text.keptFrom));
    grow(300);
    await until(() => saved.get('r') === plain);
    expect(saved.get('r')).toBe(plain);
    expect(writes.every((w) => w[0]!.fromBytes >= 0)).toBe(true);
    await flusher.remove('r');
  });

  it('after a write it thought failed but that went in, writes the whole text from the saved start', async () => {
    const saved = new Map<string, string>();
    const apply = store(saved);
    let failAfterCommit = false;
    const whole: string[] = [];
    const flusher = createReplyFlusher({
      messages: {
        appendTexts: (rows) => {
          const written = apply(rows);
          for (const r of rows) if (r.fromBytes < 0) whole.push(r.text);
          // The statement committed, but its answer was lost (a dropped connection).
          if (failAfterCommit) return Promise.reject(new Error('connection lost'));
          return Promise.resolve(written);
        },
        get: (_userId, id) => Promise.resolve(saved.has(id) ? { text: saved.get(id)! } : undefined),
      },
      log,
      flushMs: 20,
    });
    const text = createReplyText();
    let plain = '';
    const grow = (n: number, tag: string) => {
      for (let i = 0; i < n; i++) {
        text.append(`${tag}${i} `);
        plain += `${tag}${i} `;
      }
    };
    flusher.add('r', 'u', '', () => text);
    grow(300, 'a');
    await until(() => text.keptFrom > 0);
    expect(text.keptFrom).toBeGreaterThan(0);
    failAfterCommit = true;
    grow(10, 'b');
    await until(() => saved.get('r')!.endsWith('b9 '));
    failAfterCommit = false;
    // The saved text has the 'b' pieces the flusher does not know of: its append from the old
    // size is refused, and the next write is whole: the saved start, then what memory keeps.
    grow(10, 'c');
    await until(() => whole.length > 0);
    expect(whole).toHaveLength(1);
    expect(saved.get('r')).toBe(plain);
    await flusher.remove('r');
  });

  it('a row whose saved start cannot be read waits for a later tick; the others are saved meanwhile', async () => {
    const saved = new Map<string, string>();
    const apply = store(saved);
    let readFails = true;
    const flusher = createReplyFlusher({
      messages: {
        appendTexts: (rows) => Promise.resolve(apply(rows)),
        get: (_userId, id) =>
          readFails ? Promise.reject(new Error('read failed')) : Promise.resolve({ text: saved.get(id)! }),
      },
      log,
      flushMs: 20,
    });
    const long = createReplyText();
    let plain = '';
    for (let i = 0; i < 300; i++) {
      long.append(`a${i} `);
      plain += `a${i} `;
    }
    let other = '';
    flusher.add('long', 'u', '', () => long);
    flusher.add('other', 'u', other, () => other);
    other = 'first';
    await until(() => saved.get('long') === plain && long.keptFrom > 0 && saved.get('other') === 'first');
    // Someone else's write past what memory forgot: the long reply's next write is whole, and
    // its saved start cannot be read yet.
    saved.set('long', `${plain}!`);
    long.append('b ');
    plain += 'b ';
    // Its append is refused at the next tick; from then on each tick tries the whole write.
    await pass(60);
    other = 'first second';
    await until(() => saved.get('other') === 'first second');
    expect(saved.get('other')).toBe('first second');
    expect(saved.get('long')).toBe(`${plain.slice(0, -2)}!`);
    // Once it can be read: the saved start up to what memory kept, then the reply's own rest.
    readFails = false;
    await until(() => saved.get('long') === plain);
    expect(saved.get('long')).toBe(plain);
    await flusher.remove('long');
    await flusher.remove('other');
  });
});
