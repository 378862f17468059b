// The operator's per-model system prompt and prefill: their limits, zod-free; the route rows and
// their schemas are in model-configs-schemas.ts.

export const MODEL_CONFIG_LIMITS = { jailbreakPromptMaxChars: 32_768, prefillMaxChars: 8_192 } as const;
