import { isRecord } from './types.js';
import { markdownLink } from './parts.js';

/**
 * ChatGPT's citation marks in a reply's text: the older "【3:0†source】" (its sources in the
 * message's `citations`, placed by `start_ix`) and the newer private-use form "\uE200cite\uE202
 * turn0search0\uE201" (its sources in `content_references`, or the search results of the
 * conversation named by their reference), also met with the private-use characters lost
 * ("citeturn0search0"). Each becomes links to its sources when the export names them, else it
 * disappears; no mark is left in the text.
 */

interface Source {
  title: string;
  url: string;
}

/** The search results of a conversation by their reference ("turn0search3"), from every message. */
export type SourceIndex = Map<string, Source>;

const refKey = (ref: unknown): string | null => {
  if (!isRecord(ref)) return null;
  const { turn_index: turn, ref_type: type, ref_index: index } = ref;
  if (typeof turn !== 'number' || typeof type !== 'string' || typeof index !== 'number') return null;
  return `turn${turn}${type}${index}`;
};

const sourceOf = (v: unknown): Source | null =>
  isRecord(v) && typeof v.url === 'string' && v.url !== ''
    ? { title: typeof v.title === 'string' ? v.title : '', url: v.url }
    : null;

/** Adds the search results a message's metadata names (by reference) to `index`. */
export function collectSources(metadata: Record<string, unknown>, index: SourceIndex): void {
  const groups = Array.isArray(metadata.search_result_groups) ? metadata.search_result_groups : [];
  for (const group of groups) {
    if (!isRecord(group) || !Array.isArray(group.entries)) continue;
    for (const entry of group.entries) {
      const key = refKey(isRecord(entry) ? entry.ref_id : null);
      const source = sourceOf(entry);
      if (key && source && !index.has(key)) index.set(key, source);
    }
  }
  const refs = Array.isArray(metadata.content_references) ? metadata.content_references : [];
  for (const ref of refs) {
    if (!isRecord(ref) || !Array.isArray(ref.items)) continue;
    for (const item of ref.items) {
      if (!isRecord(item)) continue;
      const source = sourceOf(item);
      const itemRefs = Array.isArray(item.refs) ? item.refs : [];
      for (const r of itemRefs) {
        const key = refKey(r);
        if (key && source && !index.has(key)) index.set(key, source);
      }
    }
  }
}

/** Stands where a mark was removed, so the space before it can go too (see `tidy`). */
const GONE = '\uE2FF';

/** Links to the sources (each address once), after a space unless one precedes; GONE when none. */
function linksTo(sources: readonly Source[], before: string): string {
  const seen = new Set<string>();
  const links: string[] = [];
  for (const s of sources) {
    if (seen.has(s.url)) continue;
    seen.add(s.url);
    const link = markdownLink(s.title, s.url);
    if (link) links.push(link);
  }
  if (links.length === 0) return GONE;
  return `${/\s$/.test(before) || before === '' ? '' : ' '}(${links.join(', ')})`;
}

/**
 * Removes what stood for removed marks, with the spaces before one followed by a space or
 * ending a phrase (no word is left with two spaces, or one before its period).
 */
const tidy = (text: string): string =>
  text.replace(/[ \t]*\uE2FF(?=[\s.,;:!?)\]]|$)/g, '').replace(/\uE2FF/g, '');

const OLD_MARK = /【(\d+)(?::(\d+))?†[^【】]*】/g;
const NEW_MARK = /\uE200([a-z_]+)\uE202([\s\S]*?)\uE201/g;
const BARE_CITE = /cite((?:turn\d+[a-z_]+\d+)+)/g;
const REF = /turn\d+[a-z_]+\d+/g;
/** The private-use characters ChatGPT marks its references and highlights with. */
const STRAY = /[\uE200-\uE206]/g;

/** The text with ChatGPT's citation marks resolved (links) or removed. */
export function resolveCitations(
  text: string,
  metadata: Record<string, unknown>,
  index: SourceIndex,
): string {
  if (!/[【\uE200-\uE206]|citeturn/.test(text)) return text;
  const citations = (Array.isArray(metadata.citations) ? metadata.citations : []).filter(isRecord);
  let out = text.replace(OLD_MARK, (mark, a: string, b: string | undefined, at: number, whole: string) => {
    const found =
      citations.find((c) => c.start_ix === at && c.end_ix === at + mark.length) ??
      citations.find((c) => {
        const extra = isRecord(c.metadata) && isRecord(c.metadata.extra) ? c.metadata.extra : {};
        return extra.cited_message_idx === Number(a) && extra.search_result_idx === Number(b ?? -1);
      });
    const source = found ? sourceOf(found.metadata) : null;
    return linksTo(source ? [source] : [], whole.slice(0, at));
  });

  const references = (Array.isArray(metadata.content_references) ? metadata.content_references : []).filter(
    isRecord,
  );
  for (const ref of references) {
    const matched = ref.matched_text;
    if (typeof matched !== 'string' || matched.length < 2 || !out.includes(matched)) continue;
    if (!/[\uE200-\uE206]|citeturn/.test(matched)) continue;
    const items = (Array.isArray(ref.items) ? ref.items : []).map(sourceOf).filter((s) => s !== null);
    const sources = items.length > 0 ? items : (matched.match(REF) ?? []).flatMap((r) => index.get(r) ?? []);
    const entity = ref.type === 'entity' ? entityName(matched) : null;
    out = out
      .split(matched)
      .reduce((acc, piece, i) => (i === 0 ? piece : acc + (entity ?? linksTo(sources, acc)) + piece), '');
  }

  out = out.replace(NEW_MARK, (_mark, kind: string, body: string, at: number, whole: string) => {
    if (kind === 'entity') return entityName(`\uE200entity\uE202${body}\uE201`) ?? GONE;
    if (kind !== 'cite') return GONE;
    const sources = (body.match(REF) ?? []).flatMap((r) => index.get(r) ?? []);
    return linksTo(sources, whole.slice(0, at));
  });
  out = out.replace(BARE_CITE, (_mark, refs: string, at: number, whole: string) => {
    const sources = (refs.match(REF) ?? []).flatMap((r) => index.get(r) ?? []);
    return linksTo(sources, whole.slice(0, at));
  });
  return tidy(out.replace(STRAY, ''));
}

/** The name an entity mark shows (its body is a JSON list: kind, name, …); null when unreadable. */
function entityName(mark: string): string | null {
  const body = mark.replace(/^\uE200entity\uE202/, '').replace(/\uE201$/, '');
  try {
    const parsed: unknown = JSON.parse(body);
    if (Array.isArray(parsed) && typeof parsed[1] === 'string') return parsed[1];
  } catch {
    // Not JSON: the mark goes.
  }
  return null;
}
