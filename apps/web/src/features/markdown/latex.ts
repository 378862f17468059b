/**
 * What LaTeX parsing does to a reply before Markdown reads it, and whether a reply holds math at
 * all (so the KaTeX chunk loads only for those).
 */

const MATH =
  /\$\$[\s\S]+?\$\$|(?<![\\$\w])\$(?![\d\s$])[^$\n]+?(?<![\s\\])\$|\\\([\s\S]+?\\\)|\\\[[\s\S]+?\\\]/;

/** Whether the text holds something remark-math would typeset (after `prepareMath`). */
export function hasMath(text: string): boolean {
  return text.includes('$') || text.includes('\\(') || text.includes('\\[') ? MATH.test(text) : false;
}

const FENCE = /^ {0,3}(`{3,}|~{3,})/;
const INLINE_CODE = /(`+)[\s\S]*?[^`]\1(?!`)/g;

/** Applies `fn` to the text outside fenced code blocks and inline code spans. */
function outsideCode(text: string, fn: (prose: string) => string): string {
  const out: string[] = [];
  let prose: string[] = [];
  let fence: string | null = null;
  const flush = () => {
    if (prose.length === 0) return;
    const chunk = prose.join('\n');
    let last = 0;
    let result = '';
    for (const m of chunk.matchAll(INLINE_CODE)) {
      result += fn(chunk.slice(last, m.index)) + m[0];
      last = m.index + m[0].length;
    }
    out.push(result + fn(chunk.slice(last)));
    prose = [];
  };
  for (const line of text.split('\n')) {
    const m = FENCE.exec(line);
    if (fence) {
      out.push(line);
      if (m && m[1]![0] === fence[0] && m[1]!.length >= fence.length && line.trim() === m[1]) fence = null;
    } else if (m) {
      flush();
      fence = m[1]!;
      out.push(line);
    } else {
      prose.push(line);
    }
  }
  flush();
  return out.join('\n');
}

/**
 * Models write LaTeX as `\[…\]` and `\(…\)` as often as with dollars: those become `$$…$$` (a
 * display block) and `$…$`. A dollar sign before a digit is a price, not math ("$5 and $10"), so
 * it is escaped. Code is left as it is.
 */
export function prepareMath(text: string): string {
  return outsideCode(text, (prose) =>
    prose
      .replace(/\\\[([\s\S]+?)\\\]/g, (_, body: string) => `\n$$\n${body.trim()}\n$$\n`)
      .replace(/\\\(([\s\S]+?)\\\)/g, (_, body: string) => `$${body.trim()}$`)
      .replace(/(?<![\\$])\$(?=\d)/g, '\\$'),
  );
}
