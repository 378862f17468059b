/**
 * Deterministic, scriptable fake upstreams that speak the providers' real wire protocols:
 * OpenAI (and Azure OpenAI's deployment paths), Anthropic Messages and Gemini. They share the
 * directives, scripts and replies (core.ts); each adds its routes and wire format.
 */
export { startFakeOpenAI } from './server.js';
export { startFakeAnthropic } from './anthropic/server.js';
export { startFakeBing } from './bing/server.js';
export { startFakeChatGPTWeb } from './chatgpt/server.js';
export { startFakeTavily, tavilyResults } from './tavily/server.js';
export { FAKE_PNG_BASE64 } from './images.js';
export { heardText } from './audio.js';
export { startFakeGemini, type FakeGeminiOptions, type FakeVertexOptions } from './gemini/server.js';
export { parseDirectives, stripDirectives, type ParsedDirectives } from './directive.js';
export { defaultReply, tokenize, toolResultsReply, CONTINUATION_REPLY } from './reply.js';
export type {
  FakeScript,
  FakeServer,
  FakeServerOptions,
  FakeOpenAIOptions,
  FakeOpenAIServer,
  RecordedRequest,
} from './types.js';
