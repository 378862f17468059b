import { ARTIFACT_LIMITS } from './artifacts.js';

/** One artifact as a reply marks it: `:::artifact{identifier type title}`, a fenced block, `:::`. */
export interface ParsedArtifact {
  identifier: string;
  type: string;
  title: string;
  /** The fenced block's language, when it names one. */
  language: string;
  /** The code inside the fence (what is there so far, while the reply streams). */
  content: string;
  /** The closing `:::` has arrived. */
  complete: boolean;
}

export type ArtifactSegment = { kind: 'text'; text: string } | { kind: 'artifact'; artifact: ParsedArtifact };

const OPEN = ':::artifact';
// A fence as CommonMark writes it: up to three spaces, three or more backticks or tildes.
const FENCE = /^ {0,3}(`{3,}|~{3,})(.*)$/;
const CLOSE = /^ {0,3}:::\s*$/;
const ATTRIBUTE = /([A-Za-z_][\w-]*)\s*=\s*(?:"([^"]*)"|'([^']*)')/g;

/** The attributes of a directive line (`{identifier="a" type="b"}`), as far as they have arrived. */
function attributesOf(line: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const m of line.slice(line.indexOf(OPEN) + OPEN.length).matchAll(ATTRIBUTE)) {
    out[m[1]!] = m[2] ?? m[3] ?? '';
  }
  return out;
}

/** A directive line, or (the text's last line, still streaming) the start of one. */
function opensArtifact(line: string, last: boolean): boolean {
  const trimmed = line.trimStart();
  if (trimmed.startsWith(`${OPEN}{`) || trimmed === OPEN) return true;
  return last && trimmed.length >= 3 && OPEN.startsWith(trimmed);
}

function newArtifact(line: string): ParsedArtifact {
  const attrs = attributesOf(line);
  return {
    identifier: (attrs.identifier ?? '').slice(0, ARTIFACT_LIMITS.identifierMaxChars),
    type: attrs.type ?? '',
    title: (attrs.title ?? '').slice(0, ARTIFACT_LIMITS.titleMaxChars),
    language: '',
    content: '',
    complete: false,
  };
}

/**
 * Splits a reply into its text and its artifacts, in order. Works on any prefix of a reply, so a
 * streaming one shows its artifact as it grows: an artifact without its closing `:::` yet is
 * `complete: false` with the content so far. A directive inside an ordinary code block is text,
 * and inside an artifact's fence only a fence at least as long as the opening one closes it, so
 * the artifact's code may hold fences of its own.
 */
export function splitArtifacts(text: string): ArtifactSegment[] {
  if (!text.includes(':::')) return [{ kind: 'text', text }];
  const lines = text.split('\n');
  const segments: ArtifactSegment[] = [];
  let textStart = 0;
  let outerFence: { char: string; length: number } | null = null;
  let i = 0;
  const pushText = (end: number) => {
    if (end > textStart) segments.push({ kind: 'text', text: lines.slice(textStart, end).join('\n') });
  };
  while (i < lines.length) {
    const line = lines[i]!;
    if (outerFence) {
      const m = FENCE.exec(line);
      if (m && m[1]![0] === outerFence.char && m[1]!.length >= outerFence.length && m[2]!.trim() === '')
        outerFence = null;
      i++;
      continue;
    }
    if (!opensArtifact(line, i === lines.length - 1)) {
      const m = FENCE.exec(line);
      if (m) outerFence = { char: m[1]![0]!, length: m[1]!.length };
      i++;
      continue;
    }
    pushText(i);
    const artifact = newArtifact(line);
    const body: string[] = [];
    let fence: { char: string; length: number } | null = null;
    let fenced = false;
    i++;
    for (; i < lines.length; i++) {
      const inner = lines[i]!;
      if (fence) {
        const m = FENCE.exec(inner);
        if (m && m[1]![0] === fence.char && m[1]!.length >= fence.length && m[2]!.trim() === '') {
          fence = null;
          continue;
        }
        body.push(inner);
        continue;
      }
      if (CLOSE.test(inner)) {
        artifact.complete = true;
        i++;
        break;
      }
      const m = FENCE.exec(inner);
      if (m && !fenced) {
        fence = { char: m[1]![0]!, length: m[1]!.length };
        fenced = true;
        artifact.language = m[2]!.trim().split(/\s+/)[0] ?? '';
        continue;
      }
      // A model that forgot the fence: the lines themselves are the content (blank lines kept).
      if (!fenced) body.push(inner);
    }
    artifact.content = body.join('\n');
    segments.push({ kind: 'artifact', artifact });
    textStart = i;
  }
  pushText(lines.length);
  return segments;
}

/** The artifacts of a reply, in order. */
export function artifactsOf(text: string): ParsedArtifact[] {
  return splitArtifacts(text).flatMap((s) => (s.kind === 'artifact' ? [s.artifact] : []));
}

/** A fence's language for an artifact's type, where its code block names none. */
const LANGUAGE_OF_TYPE: Record<string, string> = {
  'text/html': 'html',
  'application/vnd.code-html': 'html',
  'image/svg+xml': 'xml',
  'application/vnd.mermaid': 'mermaid',
  'application/vnd.react': 'jsx',
  'text/markdown': 'markdown',
  'text/md': 'markdown',
};

/** Markdown's punctuation escaped, so a title reads as written. */
const escapeMarkdown = (text: string) => text.replace(/[\\`*_{}[\]()#+\-.!|<>~]/g, '\\$&');

/**
 * A reply's text with each artifact as plain Markdown: its title in bold over its code in a fenced
 * block (fenced longer than any backtick run inside it). For where no panel draws artifacts (a
 * shared conversation's page), so the directive's syntax is not shown as text.
 */
export function artifactsAsMarkdown(text: string): string {
  const segments = splitArtifacts(text);
  if (!segments.some((s) => s.kind === 'artifact')) return text;
  return segments
    .map((s) => {
      if (s.kind === 'text') return s.text;
      const { title, identifier, type, language, content } = s.artifact;
      const longest = Math.max(2, ...[...content.matchAll(/`+/g)].map((m) => m[0].length));
      const fence = '`'.repeat(longest + 1);
      const name = title || identifier;
      const lang = language || LANGUAGE_OF_TYPE[type] || '';
      // A blank line first: the title starts a paragraph of its own after the text before it.
      return `\n${name ? `**${escapeMarkdown(name)}**\n\n` : ''}${fence}${lang}\n${content}\n${fence}\n`;
    })
    .join('\n');
}
