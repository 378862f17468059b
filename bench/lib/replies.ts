/**
 * Reply texts for the fake upstream. The fake splits a reply into "words with their leading
 * whitespace", one token each (tools/fake-upstreams/src/reply.ts).
 */

/** n tokens "c<k>.0 c<k>.1 …": every token names its stream and index, so latency can be paired. */
export function markerReply(k: number, n: number): string {
  let s = `c${k}.0`;
  for (let i = 1; i < n; i++) s += ` c${k}.${i}`;
  return s;
}

const WORDS = (
  'the of and to in is that for it as with was on be by this are at from or an have not but which ' +
  'you one all were can there their has more when will would about into if so what them some other ' +
  'than its out only then time could these two may first any new like our over such way even most ' +
  'request response stream token server client latency buffer frame socket event message value ' +
  'render layout component state effect query index database schema migration — naïve café über'
).split(' ');

/** A deterministic pseudo-random generator (mulberry32). */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function sentence(next: () => number, words: number): string {
  const out: string[] = [];
  for (let i = 0; i < words; i++) out.push(WORDS[Math.floor(next() * WORDS.length)]!);
  const s = out.join(' ');
  return `${s[0]!.toUpperCase()}${s.slice(1)}.`;
}

/**
 * Markdown of about `tokens` fake tokens: headings, paragraphs with bold and inline code, lists,
 * fenced code blocks and a table, so a client renders what a real model answer contains.
 */
export function markdownReply(tokens: number, seed = 1): string {
  const next = rng(seed);
  const parts: string[] = [];
  let count = 0;
  const push = (block: string) => {
    parts.push(block);
    count += block.split(/\s+/).filter(Boolean).length;
  };
  let section = 1;
  while (count < tokens) {
    push(`## Section ${section++}: ${sentence(next, 4).slice(0, -1)}`);
    push(
      `${sentence(next, 14)} **${sentence(next, 3)}** ${sentence(next, 10)} \`value_${section}\` ${sentence(next, 8)}`,
    );
    push(Array.from({ length: 4 }, () => `- ${sentence(next, 7)}`).join('\n'));
    push(
      [
        '```ts',
        `export function step${section}(input: number): number {`,
        `  const scaled = input * ${section};`,
        '  return scaled > 10 ? scaled - 1 : scaled + 1;',
        '}',
        '```',
      ].join('\n'),
    );
    push(`${sentence(next, 12)} ${sentence(next, 9)}`);
    if (section % 3 === 0) {
      push(
        [
          '| name | value | note |',
          '| --- | --- | --- |',
          `| a${section} | ${section} | ${sentence(next, 3)} |`,
        ].join('\n'),
      );
    }
  }
  // Cut at a token boundary so the reply has exactly `tokens` tokens.
  const text = parts.join('\n\n');
  const toks = text.match(/\s*\S+|\s+$/g) ?? [];
  return toks.slice(0, tokens).join('');
}
