import { createGoogleGenerativeAI } from '@ai-sdk/google';
import { AppError } from '../../platform/errors.js';
import type { ProviderAdapter } from '../adapters.js';
import { fetchModelIds } from '../model-list.js';
import { createLanguageModelProvider } from '../sdk/language-model-provider.js';

/** The URL the SDK calls unless the endpoint names another. */
export const GEMINI_BASE_URL = 'https://generativelanguage.googleapis.com/v1beta';

/**
 * Google's Gemini API with an API key. What differs is the SDK's: the system prompt as
 * systemInstruction, the assistant as the `model` role (a last `model` turn is continued),
 * topK, maxOutputTokens, and safety blocks (prompt or reply) as a content-filter finish.
 */
export const googleAdapter: ProviderAdapter = {
  chat(endpoint, credentials, opts) {
    if (!credentials.apiKey) {
      // Only a service account (Vertex AI): see docs/decisions.md; the Gemini API needs a key.
      throw new AppError(
        'upstream_auth',
        `The ${endpoint.name} endpoint has only a Vertex AI service account; set a Gemini API key`,
      );
    }
    const client = createGoogleGenerativeAI({
      apiKey: credentials.apiKey,
      baseURL: credentials.baseURL ?? GEMINI_BASE_URL,
      ...(endpoint.headers ? { headers: endpoint.headers } : {}),
      // A user's own base URL: every connection checked by the SSRF guard (credentials.ts).
      ...(credentials.fetch ? { fetch: credentials.fetch } : {}),
    });
    return createLanguageModelProvider((id) => client.languageModel(id), opts);
  },
  listModels: (endpoint, credentials, signal) =>
    fetchModelIds(
      `${(credentials.baseURL ?? GEMINI_BASE_URL).replace(/\/$/, '')}/models?pageSize=1000`,
      { headers: { ...endpoint.headers, 'x-goog-api-key': credentials.apiKey }, signal },
      (body) =>
        ((body as { models?: { name?: unknown; supportedGenerationMethods?: unknown }[] }).models ?? [])
          // Only the models that chat (generateContent), under the names requests use.
          .filter(
            (m) =>
              Array.isArray(m.supportedGenerationMethods) &&
              m.supportedGenerationMethods.includes('generateContent'),
          )
          .map((m) => (typeof m.name === 'string' ? m.name.replace(/^models\//, '') : undefined)),
    ),
};
