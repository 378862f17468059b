/**
 * Pieces appended between two sealings of the tail into a block. Until sealed, the tail is a chain
 * of its pieces: a 32-byte link per piece besides the piece itself (a token's few characters).
 * 8 keeps that chain short (with 32 the tail was ~1.1 KB of a 1,000-stream plateau's ~35 KB per
 * open reply) and lets `forget` drop text at a finer grain, at one flattening of ~8 pieces' text
 * per block.
 */
const PIECES_PER_BLOCK = 8;

/**
 * The text of a streaming reply, grown piece by piece, kept as flat blocks of ~8 pieces and a
 * tail. A string grown with `+=` is a chain of its pieces until something flattens it, and every
 * flattening copies the whole text: at 1,000 open replies, saving each reply's text every second
 * copied ~25 MB a second, and those copies lived long enough to reach V8's old generation. Here
 * only the tail is ever flattened, a part of the text is read without touching the rest (the
 * flusher saves only what is new, a resume's replay reads the last events), and the whole text is
 * joined only when asked for.
 *
 * What the database holds can be forgotten (`forget`, called by the flusher once a save is
 * confirmed): whole blocks before that point are dropped, so a streaming reply keeps in memory
 * about what it gained since its last save, whatever its length. Its length still counts them;
 * reading before `keptFrom` throws (the whole text is then the saved one's start and the kept
 * rest: features/ask/whole-text.ts).
 */
export class ReplyText {
  private readonly blocks: string[];
  /** Length of the forgotten start plus the kept blocks. */
  private blocksLength: number;
  /** Length of the forgotten start. */
  private forgotten = 0;
  private tail = '';
  private tailPieces = 0;

  constructor(initial = '') {
    this.blocks = initial ? [initial] : [];
    this.blocksLength = initial.length;
  }

  get length(): number {
    return this.blocksLength + this.tail.length;
  }

  /** Where the text kept in memory starts: 0 until `forget` dropped a saved start. */
  get keptFrom(): number {
    return this.forgotten;
  }

  /**
   * Drops the blocks that end at or before `upTo` (the database holds the text up to there).
   * The tail is sealed first when `upTo` covers it all, so a finished stretch can go too.
   */
  forget(upTo: number): void {
    if (upTo >= this.blocksLength + this.tail.length) this.seal();
    const blocks = this.blocks;
    let drop = 0;
    let end = this.forgotten;
    while (drop < blocks.length && end + blocks[drop]!.length <= upTo) end += blocks[drop++]!.length;
    if (drop === 0) return;
    blocks.splice(0, drop);
    this.forgotten = end;
  }

  append(piece: string): void {
    if (!piece) return;
    this.tail += piece;
    if (++this.tailPieces >= PIECES_PER_BLOCK) this.seal();
  }

  /** The text from `start` up to `end` (its length when left out), reading only what it covers. */
  slice(start: number, end?: number): string {
    const { blocks, tail, forgotten } = this;
    const total = this.blocksLength + tail.length;
    const to = Math.min(end ?? total, total);
    const from = Math.max(0, start);
    if (from >= to) return '';
    if (from < forgotten) throw new RangeError(`reply text before ${forgotten} is no longer kept`);
    // Parts from the last one backwards: the parts asked for are usually recent.
    const parts: string[] = [];
    let partEnd = total;
    for (let i = blocks.length; i >= 0 && partEnd > from; i--) {
      const part = i === blocks.length ? tail : blocks[i]!;
      const partStart = partEnd - part.length;
      if (partStart < to) parts.push(part.slice(Math.max(0, from - partStart), to - partStart));
      partEnd = partStart;
    }
    return parts.length === 1 ? parts[0]! : parts.reverse().join('');
  }

  /** The whole text (a new string each time: callers take it once); throws once some is forgotten. */
  toString(): string {
    if (this.forgotten > 0) throw new RangeError(`reply text before ${this.forgotten} is no longer kept`);
    return this.blocks.length === 0 ? this.tail : this.blocks.join('') + this.tail;
  }

  /** Makes the tail one flat string (ToNumber flattens a string in V8) and a block. */
  private seal(): void {
    if (!this.tail) return;
    void Number(this.tail);
    this.blocks.push(this.tail);
    this.blocksLength += this.tail.length;
    this.tail = '';
    this.tailPieces = 0;
  }
}

/**
 * A reply's text (a class, not a closure: one small object per streaming reply instead of a
 * context, a closure per method and a dictionary of accessors, ~900 bytes).
 */
export const createReplyText = (initial = ''): ReplyText => new ReplyText(initial);
