import type { ModelConfig } from '@chat/contract';

const empty = (name: string): ModelConfig => ({ name, jailbreakPrompt: '', prefill: '' });

/** A model's config as the API answers it; a name without a row is the empty config. */
export const presentModelConfig = (
  name: string,
  row: { jailbreakPrompt: string; prefill: string } | undefined,
): ModelConfig => (row ? { name, jailbreakPrompt: row.jailbreakPrompt, prefill: row.prefill } : empty(name));
