/**
 * Inline directives let a test (or a person using the offline demo) script a single reply from
 * the chat box itself, with no access to the server: `[[fake tps=20 failAfter=5]]`.
 *
 * Syntax: `[[fake key=value key="quoted value" flag ...]]`, anywhere in the text, case-insensitive
 * keyword. Keys: tps, failAfter, hang (flag or hang=true), hangAfter, endAfter (a clean end
 * without the protocol's end marker after N tokens), malformed (flag = after 0
 * tokens, or malformed=N), status (400 401 403 429 500 503 529), error (quota, context,
 * moderation), errorAfter (an in-stream error after N tokens, of `status`), split (flag), reply,
 * finish (stop, length, content_filter), tool (a tool call by name; repeat for several) and args (the
 * JSON arguments of the tool named last). Long aliases (tokensPerSecond, failAfterTokens,
 * hangAfterTokens, endAfterTokens, malformedAfterTokens, errorAfterTokens, finishReason) work too.
 * Quoted values may contain spaces, `]`, and the escapes \" \\ \n. Unknown keys and invalid
 * values are ignored so a typo never crashes a demo. Later directives override earlier ones.
 */
import { FAKE_ERROR_KINDS, FAKE_FINISH_REASONS, FAKE_STATUSES, type FakeScript } from './types.js';

// A quoted value may contain `]`, so the body is "non-bracket, non-quote chars or whole quoted strings".
const DIRECTIVE_RE = /\[\[\s*fake\b((?:[^\]"]|"(?:[^"\\]|\\.)*")*)\]\]/gi;
const PAIR_RE = /([A-Za-z][\w-]*)(?:\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^\s"]+)))?/g;
const oneOf = <T extends string | number>(list: readonly T[], value: unknown): value is T =>
  (list as readonly unknown[]).includes(value);

export interface ParsedDirectives {
  /** Merged script of every directive found, or undefined if the text has none. */
  script: FakeScript | undefined;
  /** The text with all directives removed (and trimmed). */
  text: string;
}

export function parseDirectives(text: string): ParsedDirectives {
  let script: FakeScript | undefined;
  const stripped = text.replace(DIRECTIVE_RE, (_match, body: string) => {
    script = { ...script, ...parseBody(body) };
    return '';
  });
  if (script === undefined) return { script, text };
  // Collapse the gap a removed directive leaves behind ("a [[fake]] b" -> "a b").
  return { script, text: stripped.replace(/[ \t]{2,}/g, ' ').trim() };
}

/** Removes directives without interpreting them. */
export function stripDirectives(text: string): string {
  return parseDirectives(text).text;
}

function parseBody(body: string): FakeScript {
  const script: FakeScript = {};
  for (const m of body.matchAll(PAIR_RE)) {
    const key = m[1]!.toLowerCase();
    const value = m[2] !== undefined ? unescape(m[2]) : m[3];
    applyPair(script, key, value);
  }
  return script;
}

function applyPair(script: FakeScript, key: string, value: string | undefined): void {
  switch (key) {
    case 'reply':
      if (value !== undefined) script.reply = value;
      return;
    case 'tps':
    case 'tokenspersecond': {
      const n = toNumber(value);
      if (n !== undefined) script.tokensPerSecond = n;
      return;
    }
    case 'failafter':
    case 'failaftertokens': {
      const n = toInt(value);
      if (n !== undefined) script.failAfterTokens = n;
      return;
    }
    case 'hangafter':
    case 'hangaftertokens': {
      const n = toInt(value);
      if (n !== undefined) script.hangAfterTokens = n;
      return;
    }
    case 'endafter':
    case 'endaftertokens': {
      const n = toInt(value);
      if (n !== undefined) script.endAfterTokens = n;
      return;
    }
    case 'malformed':
    case 'malformedafter':
    case 'malformedaftertokens': {
      const n = value === undefined ? 0 : toInt(value);
      if (n !== undefined) script.malformedAfterTokens = n;
      return;
    }
    case 'errorafter':
    case 'erroraftertokens': {
      const n = toInt(value);
      if (n !== undefined) script.errorAfterTokens = n;
      return;
    }
    case 'tool':
      if (value) script.toolCalls = [...(script.toolCalls ?? []), { name: value, arguments: '{}' }];
      return;
    case 'args': {
      const last = script.toolCalls?.at(-1);
      if (last && value !== undefined) last.arguments = value;
      return;
    }
    case 'hang':
      script.hang = value === undefined || value.toLowerCase() !== 'false';
      return;
    case 'split':
      script.split = value === undefined || value.toLowerCase() !== 'false';
      return;
    case 'status': {
      const n = toInt(value);
      if (oneOf(FAKE_STATUSES, n)) script.status = n;
      return;
    }
    case 'error':
      if (oneOf(FAKE_ERROR_KINDS, value)) script.error = value;
      return;
    case 'finish':
    case 'finishreason':
      if (oneOf(FAKE_FINISH_REASONS, value)) script.finishReason = value;
      return;
    default:
      return; // unknown keys are ignored on purpose (see module comment)
  }
}

function toNumber(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  return Number.isFinite(n) && n >= 0 ? n : undefined;
}

function toInt(value: string | undefined): number | undefined {
  const n = toNumber(value);
  return n !== undefined && Number.isInteger(n) ? n : undefined;
}

function unescape(quoted: string): string {
  return quoted.replace(/\\(.)/g, (_m, c: string) => (c === 'n' ? '\n' : c));
}
