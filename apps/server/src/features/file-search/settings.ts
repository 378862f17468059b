import { z } from 'zod';
import { EMBEDDINGS_PROVIDERS, FILE_SEARCH_LIMITS } from '@chat/contract';
import { optionalEnum, optionalUrl } from '../../config/env-fields.js';

/** A whole number of characters within the contract's chunk bounds; empty is unset. */
const chars = (max: number) =>
  z
    .string()
    .trim()
    .optional()
    .transform((v, ctx): number | undefined => {
      if (!v) return undefined;
      const n = Number(v);
      if (!Number.isInteger(n) || n < 0 || n > max) {
        ctx.addIssue({ code: 'custom', message: `must be a whole number of characters from 0 to ${max}` });
        return z.NEVER;
      }
      return n;
    });

/**
 * The environment file search reads, by LibreChat's RAG names. LibreChat hands documents to a
 * separate service (RAG_API_URL); this server reads, splits and embeds them itself, so only the
 * settings of that service that still mean something here are read: the embeddings provider
 * (OpenAI-compatible: RAG_OPENAI_API_KEY, RAG_OPENAI_BASEURL, EMBEDDINGS_MODEL) and the chunking.
 * Without RAG_OPENAI_API_KEY, search is full-text only.
 */
export const fileSearchEnv = {
  RAG_OPENAI_API_KEY: z.string().trim().optional(),
  RAG_OPENAI_BASEURL: optionalUrl((v) => /^https?:\/\//.test(v), 'must be an http(s) URL'),
  EMBEDDINGS_PROVIDER: optionalEnum(EMBEDDINGS_PROVIDERS),
  EMBEDDINGS_MODEL: z.string().trim().max(200).optional(),
  CHUNK_SIZE: chars(FILE_SEARCH_LIMITS.maxChunkSize),
  CHUNK_OVERLAP: chars(FILE_SEARCH_LIMITS.maxChunkSize),
};
