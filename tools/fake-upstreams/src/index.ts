/** Deterministic, scriptable OpenAI-compatible fake server (see README-style comments in server.ts). */
export { startFakeOpenAI } from './server.js';
export { parseDirectives, stripDirectives, type ParsedDirectives } from './directive.js';
export { defaultReply, tokenize, CONTINUATION_REPLY } from './reply.js';
export type { FakeScript, FakeOpenAIOptions, FakeOpenAIServer, RecordedRequest } from './types.js';
