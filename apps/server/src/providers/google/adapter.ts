import { AppError } from '../../platform/errors.js';
import type { ProviderAdapter } from '../adapter-types.js';
import { fetchModelIds } from '../fetch-model-ids.js';
import { shaperOf, shapingFetch, staticHeaders } from '../sdk/call-shape.js';
import { createLanguageModelProvider } from '../sdk/language-model-provider.js';
import { lazyModule } from '../../platform/lazy.js';
import { googleWire } from '../sdk/wire-google.js';
import { tapFetch } from '../sdk/wire-stream.js';

const sdk = lazyModule('@ai-sdk/google', () => import('@ai-sdk/google'));
import { vertexBaseURL, vertexFetch } from './vertex.js';

/** The URL the SDK calls unless the endpoint names another. */
const GEMINI_BASE_URL = 'https://generativelanguage.googleapis.com/v1beta';

/**
 * Google's Gemini API with an API key, or Vertex AI with a service account (no API key: the
 * same SDK at the Vertex base URL, each request carrying the account's access token, vertex.ts).
 * What differs is the SDK's: the system prompt as systemInstruction, the assistant as the
 * `model` role (a last `model` turn is continued), topK, maxOutputTokens, and safety blocks
 * (prompt or reply) as a content-filter finish.
 */
export const googleAdapter: ProviderAdapter = {
  load: sdk.load,
  chat(endpoint, credentials, opts) {
    const shape = shaperOf(endpoint);
    const headers = staticHeaders(endpoint);
    const fetchOf = (inner?: typeof fetch) => (shape ? shapingFetch(tapFetch(inner)) : tapFetch(inner));
    const account = credentials.googleServiceAccount;
    if (!credentials.apiKey && account) {
      const vertex = sdk.get().createGoogleGenerativeAI({
        apiKey: '', // the SDK's x-goog-api-key header, which vertexFetch drops
        baseURL: vertexBaseURL(account, endpoint.googleLocation, credentials.baseURL),
        ...(headers ? { headers } : {}),
        fetch: fetchOf(vertexFetch(account, credentials.fetch)),
      });
      return createLanguageModelProvider((id) => vertex.languageModel(id), {
        ...opts,
        shape,
        wire: googleWire,
      });
    }
    if (!credentials.apiKey) {
      throw new AppError('upstream_auth', `The ${endpoint.name} endpoint has no Gemini API key`);
    }
    const client = sdk.get().createGoogleGenerativeAI({
      apiKey: credentials.apiKey,
      baseURL: credentials.baseURL ?? GEMINI_BASE_URL,
      ...(headers ? { headers } : {}),
      // A user's own base URL: every connection checked by the SSRF guard (credentials.ts); the
      // stream's body read by wire-stream.ts (the SDK still sends the request).
      fetch: fetchOf(credentials.fetch),
    });
    return createLanguageModelProvider((id) => client.languageModel(id), {
      ...opts,
      shape,
      wire: googleWire,
    });
  },
  listModels: (endpoint, credentials, signal) =>
    !credentials.apiKey && credentials.googleServiceAccount
      ? // Vertex AI lists no publisher models per project: the endpoint offers the known list.
        Promise.reject(new Error('Vertex AI models are not listed; the known list is used'))
      : fetchModelIds(
          `${(credentials.baseURL ?? GEMINI_BASE_URL).replace(/\/$/, '')}/models?pageSize=1000`,
          { headers: { ...staticHeaders(endpoint), 'x-goog-api-key': credentials.apiKey }, signal },
          (body) =>
            ((body as { models?: { name?: unknown; supportedGenerationMethods?: unknown }[] }).models ?? [])
              // Only the models that chat (generateContent), under the names requests use.
              .filter(
                (m) =>
                  Array.isArray(m.supportedGenerationMethods) &&
                  m.supportedGenerationMethods.includes('generateContent'),
              )
              .map((m) => (typeof m.name === 'string' ? m.name.replace(/^models\//, '') : undefined)),
          credentials.fetch,
        ),
};
