import type { Dictionary } from './locale-check';

/**
 * One language's texts, every set's joined: joined/<lang>.ts gathers the shared file and each
 * feature's file of its language with a glob, so that the language is one chunk (one request)
 * and a feature adding its texts touches none of these files.
 */
export const joinTexts = (files: Readonly<Record<string, unknown>>): Dictionary =>
  Object.assign({}, ...Object.values(files)) as Dictionary;
