import { z } from 'zod';
import { route } from './route-def.js';
import { MAX_TOKEN_ADJUSTMENT, TOKENIZER_MAX_CHARS } from './balance.js';

export const adjustTokensRequestSchema = z.object({
  email: z.string().trim().email().max(320),
  amount: z.number().int().positive().max(MAX_TOKEN_ADJUSTMENT),
  reason: z.string().trim().max(500).optional(),
});
export type AdjustTokensRequest = z.infer<typeof adjustTokensRequestSchema>;
export const adjustTokensResponseSchema = z.object({ email: z.string(), balance: z.number().int() });
export type AdjustTokensResponse = z.infer<typeof adjustTokensResponseSchema>;

/** The token_balance refusal: the error text is this JSON, as LibreChat sends it. */
export const tokenBalanceErrorSchema = z.object({
  type: z.literal('token_balance'),
  balance: z.number(),
  tokenCost: z.number(),
  promptTokens: z.number(),
  generations: z.unknown().optional(),
});
export type TokenBalanceError = z.infer<typeof tokenBalanceErrorSchema>;

const tokenizerText = z.string().max(TOKENIZER_MAX_CHARS);
/** The spec's shape, `{ text }`, or LibreChat's: `{ arg: text }` or `{ arg: { text } }`. */
export const tokenizerRequestSchema = z.union([
  z.object({ text: tokenizerText }),
  z.object({ arg: z.union([tokenizerText, z.object({ text: tokenizerText })]) }),
]);
export type TokenizerRequest = z.infer<typeof tokenizerRequestSchema>;
/** The text a tokenizer request asks about, whichever shape it came in. */
export const tokenizerTextOf = (body: TokenizerRequest): string =>
  'text' in body ? body.text : typeof body.arg === 'string' ? body.arg : body.arg.text;
export const tokenizerResponseSchema = z.object({ count: z.number().int().min(0) });

/** The token balance and the tokenizer. */
export const BALANCE_ROUTES = {
  balance: route({
    method: 'GET',
    path: '/api/balance',
    summary: "The caller's token balance (a number of credits)",
    response: z.number().int(),
  }),
  issueTokens: route({
    method: 'POST',
    path: '/api/user/issueTokens',
    summary: "Add tokens to a user's balance (the operator's account only)",
    body: adjustTokensRequestSchema,
    response: adjustTokensResponseSchema,
  }),
  spendTokens: route({
    method: 'POST',
    path: '/api/user/spendTokens',
    summary: "Take tokens from a user's balance (the operator's account only)",
    body: adjustTokensRequestSchema,
    response: adjustTokensResponseSchema,
  }),
  tokenizer: route({
    method: 'POST',
    path: '/api/tokenizer',
    summary: 'The number of tokens of a text (gpt-tokenizer)',
    body: tokenizerRequestSchema,
    response: tokenizerResponseSchema,
  }),
} as const;
