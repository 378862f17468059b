import type { ProviderSpec } from './provider-suite.js';

/** What the Gemini API and Vertex AI are sent (the same generateContent body). */
export interface SentContents {
  systemInstruction?: { parts: { text: string }[] };
  contents: { role: string; parts: { text?: string }[] }[];
  generationConfig: Record<string, unknown>;
}

/** The google endpoint's requests, as the shared provider suite reads them. */
export const GOOGLE_SPEC: ProviderSpec = {
  kind: 'google',
  isStream: (path) => path.endsWith(':streamGenerateContent'),
  lastTurn(body) {
    const last = (body as SentContents).contents.at(-1)!;
    return {
      role: last.role === 'model' ? 'assistant' : last.role,
      text: last.parts.map((p) => p.text).join(''),
    };
  },
  system: (body) => ((body as SentContents).systemInstruction?.parts ?? []).map((p) => p.text).join('\n'),
  overloaded: { status: 503, code: 'upstream_unavailable' },
};
