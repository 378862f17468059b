import { FILE_SEARCH_LIMITS, FILE_SEARCH_RRF_K, type FileSearchSource } from '@chat/contract';
import type { Embedder } from './embeddings.js';
import type { ChunkHit, FileSearchRepo, VectorMode } from './repo.js';

/** Candidates each ranking gives the fusion: a few times what is answered. */
const CANDIDATE_FACTOR = 4;
/** Words of the query the full-text ranking uses, at most. */
const MAX_WORDS = 32;

/**
 * The query as a tsquery matching any of its words (the ranking puts chunks with more of them,
 * and rarer ones, first). Only letters and digits go in, so nothing the model writes is syntax.
 */
export function anyWordQuery(query: string): string {
  const words = [...new Set(query.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [])].slice(0, MAX_WORDS);
  return words.join(' | ');
}

export interface RetrieveDeps {
  repo: FileSearchRepo;
  embedder: Embedder | null;
  vectorMode: VectorMode;
}

/**
 * The `k` passages of these files (the user's own) that best answer `query`: the full-text
 * ranking (ts_rank over any of the query's words) and, when the files were embedded, the vector
 * ranking (cosine to the query's embedding), fused by reciprocal rank (each list adds
 * 1 / (60 + rank)), so a passage both find comes first and either alone still counts.
 * `relevance` is the fused score over the best one's (1 for the first).
 */
export async function retrieve(
  deps: RetrieveDeps,
  userId: string,
  /** `ownerId`: whose file it is when not the caller's (an agent's document, read through the agent). */
  files: readonly { fileId: string; embedded: boolean; ownerId?: string }[],
  query: string,
  k: number,
): Promise<FileSearchSource[]> {
  // Each ranking runs per owner (every query is filtered by its files' owner), then the lists of
  // one ranking merge by score: the same measure whoever owns the file.
  const owners = new Map<string, typeof files>();
  for (const f of files) {
    const owner = f.ownerId ?? userId;
    owners.set(owner, [...(owners.get(owner) ?? []), f]);
  }
  const n = k * CANDIDATE_FACTOR;
  const merged = (lists: ChunkHit[][]) =>
    lists
      .flat()
      .sort((a, b) => b.score - a.score || a.id - b.id)
      .slice(0, n);
  const tsquery = anyWordQuery(query);
  const anyEmbedded = files.some((f) => f.embedded);
  const vectorOf =
    deps.embedder && anyEmbedded ? deps.embedder.embed([query]).then(([v]) => v) : Promise.resolve(undefined);
  const [text, vector] = await Promise.all([
    Promise.all(
      [...owners].map(([owner, own]) =>
        deps.repo.fullText(
          owner,
          own.map((f) => f.fileId),
          tsquery,
          n,
        ),
      ),
    ).then(merged),
    vectorOf.then((v) =>
      v
        ? Promise.all(
            [...owners].map(([owner, own]) =>
              deps.repo.nearest(
                owner,
                own.filter((f) => f.embedded).map((f) => f.fileId),
                v,
                n,
                deps.vectorMode,
                FILE_SEARCH_LIMITS.minSimilarity,
              ),
            ),
          ).then(merged)
        : ([] as ChunkHit[]),
    ),
  ]);
  const fused = new Map<number, { hit: ChunkHit; score: number }>();
  for (const list of [text, vector]) {
    list.forEach((hit, rank) => {
      const entry = fused.get(hit.id) ?? { hit, score: 0 };
      entry.score += 1 / (FILE_SEARCH_RRF_K + rank + 1);
      fused.set(hit.id, entry);
    });
  }
  const ranked = [...fused.values()].sort((a, b) => b.score - a.score || a.hit.id - b.hit.id).slice(0, k);
  const best = ranked[0]?.score ?? 1;
  return ranked.map(({ hit, score }) => ({
    type: 'file',
    fileId: hit.fileId,
    fileName: hit.fileName,
    content: hit.content,
    relevance: Math.round((score / best) * 10_000) / 10_000,
    pages: hit.page === null ? [] : [hit.page],
  }));
}
