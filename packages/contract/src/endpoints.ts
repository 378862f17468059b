/** Endpoint names, display order and per-provider defaults. */
export const EModelEndpoint = {
  azureOpenAI: 'azureOpenAI',
  openAI: 'openAI',
  chatGPTBrowser: 'chatGPTBrowser',
  gptPlugins: 'gptPlugins',
  bingAI: 'bingAI',
  google: 'google',
  anthropic: 'anthropic',
  assistant: 'assistant',
  custom: 'custom',
} as const;
export type BuiltInEndpoint = (typeof EModelEndpoint)[keyof typeof EModelEndpoint];

export const BUILT_IN_ENDPOINTS: readonly BuiltInEndpoint[] = Object.values(EModelEndpoint);

/**
 * What an endpoint's name may be. Operators name custom endpoints freely ("OpenAI (DigitalOcean)",
 * "R&D: GPT-4o", "Ünïcode 模型"), so any printable text is accepted; the limits keep it a name:
 * no control characters (a name ends up in headers of logs and in sealed keys' associated data),
 * no whitespace at either end (the file's names are trimmed, so such a name could never match),
 * and not `__proto__`, which as a key of the endpoints' map would change the map's prototype.
 */
export const ENDPOINT_NAME_LIMITS = {
  maxChars: 100,
  /** Refused by name: a key that alters an object's prototype when assigned. */
  reserved: ['__proto__'] as readonly string[],
} as const;

/** Whether `name` can be an endpoint's name (the contract's schema and librechat.yaml share it). */
export function isEndpointName(name: string): boolean {
  return (
    name.length > 0 &&
    [...name].length <= ENDPOINT_NAME_LIMITS.maxChars &&
    name.trim() === name &&
    !/\p{Cc}/u.test(name) &&
    !ENDPOINT_NAME_LIMITS.reserved.includes(name)
  );
}

/** Display order of the endpoint menu. Custom endpoints follow in config order. */
export const ENDPOINT_DISPLAY_ORDER: readonly BuiltInEndpoint[] = [
  'azureOpenAI',
  'openAI',
  'chatGPTBrowser',
  'gptPlugins',
  'bingAI',
  'google',
  'anthropic',
  'custom',
];

/**
 * The finish reason of a reply whose stream ended without the protocol's end (OpenAI's
 * finish_reason, Anthropic's message_stop, Gemini's finishReason): saved unfinished with the text
 * so far; the client says the connection ended early and offers Continue.
 */
export const CUT_FINISH_REASON = 'incomplete';

/**
 * The finish reason of a complete reply: the one reason on which Continue is not offered. An
 * imported reply that is neither unfinished nor an error carries it when its file named none.
 */
export const COMPLETE_FINISH_REASON = 'stop';

/** Endpoints on which Continue is offered. */
export const CONTINUE_ENDPOINTS: readonly string[] = [
  'openAI',
  'custom',
  'google',
  'assistant',
  'anthropic',
  'gptPlugins',
  'azureOpenAI',
];

export const DEFAULT_MODELS = {
  openAI: 'gpt-3.5-turbo',
  custom: 'GPT Unfiltered',
  google: 'chat-bison',
  anthropic: 'claude-1',
  chatGPTBrowser: 'text-davinci-002-render-sha',
  gptPlugins: 'gpt-3.5-turbo',
  assistant: 'gpt-3.5-turbo-1106',
} as const;

/** The 17 OpenAI models offered when OPENAI_MODELS is not set and the upstream list cannot be fetched. */
export const OPENAI_KNOWN_MODELS: readonly string[] = [
  'gpt-4o',
  'gpt-4o-mini',
  'gpt-4.1',
  'gpt-4.1-mini',
  'gpt-4.1-nano',
  'gpt-4-turbo',
  'gpt-4-turbo-preview',
  'gpt-4-0125-preview',
  'gpt-4-1106-preview',
  'gpt-4',
  'gpt-4-0613',
  'gpt-4-32k',
  'gpt-3.5-turbo',
  'gpt-3.5-turbo-0125',
  'gpt-3.5-turbo-1106',
  'gpt-3.5-turbo-16k',
  'gpt-3.5-turbo-instruct',
];

/**
 * The 12 Google models offered when GOOGLE_MODELS is not set and no live list can be had ("google 12"). Current names, as for OpenAI: the spec's era names (chat-bison, the PaLM 2
 * family) are retired upstream, and every name here must be one a request can be sent with.
 */
export const GOOGLE_KNOWN_MODELS: readonly string[] = [
  'gemini-2.5-pro',
  'gemini-2.5-flash',
  'gemini-2.5-flash-lite',
  'gemini-2.0-flash',
  'gemini-2.0-flash-001',
  'gemini-2.0-flash-lite',
  'gemini-2.0-flash-lite-001',
  'gemini-1.5-pro',
  'gemini-1.5-pro-002',
  'gemini-1.5-flash',
  'gemini-1.5-flash-002',
  'gemini-1.5-flash-8b',
];

/**
 * The 7 Anthropic models offered when ANTHROPIC_MODELS is not set and no live list can be had
 * ("anthropic 7"); current names (claude-1 and claude-2 are retired upstream).
 */
export const ANTHROPIC_KNOWN_MODELS: readonly string[] = [
  'claude-sonnet-4-5',
  'claude-haiku-4-5',
  'claude-opus-4-1',
  'claude-opus-4-0',
  'claude-sonnet-4-0',
  'claude-3-7-sonnet-latest',
  'claude-3-5-haiku-latest',
];

/**
 * The ChatGPT web backend's models when CHATGPT_MODELS is not set (LibreChat's default list; the
 * first is the spec's default).
 */
export const CHATGPT_BROWSER_MODELS: readonly string[] = ['text-davinci-002-render-sha', 'gpt-4'];

/**
 * Bing has no model to choose: its two modes stand in the model list ("Mode is
 * Sydney (jailbreak true) or BingAI"). Sydney sends the system message and the conversation as
 * context, BingAI only the conversation.
 */
export const BING_MODES: readonly string[] = ['BingAI', 'Sydney'];

/** Bing's conversation styles; the first is the default. */
export const BING_TONE_STYLES = ['creative', 'fast', 'balanced', 'precise'] as const;
export type BingToneStyle = (typeof BING_TONE_STYLES)[number];

export const BING_DEFAULTS = {
  toneStyle: 'creative' as BingToneStyle,
  invocationId: 1,
  /** The context Bing takes: about 7k tokens, counted with the tokenizer. */
  contextMaxTokens: 7000,
  /** The context's token count is asked for this long after the last keystroke. */
  tokenCountDebounceMs: 250,
} as const;

/** Sydney mode's system message when the conversation sets none. */
export const SYDNEY_SYSTEM_MESSAGE =
  "You're an AI assistant named Sydney. Instead of introducing yourself as Bing, you introduce " +
  'yourself as Sydney. You speak in a relaxed, friendly tone and answer directly, without the ' +
  'usual disclaimers.';

/**
 * The fallback list of each built-in endpoint type: offered when its `*_MODELS` is not set and the
 * upstream's own list cannot be fetched (no server key, a failure, a timeout). Azure offers
 * OpenAI's names, as LibreChat does. Custom endpoints fall back to their `models.default`.
 */
export const KNOWN_MODELS = {
  openAI: OPENAI_KNOWN_MODELS,
  azureOpenAI: OPENAI_KNOWN_MODELS,
  google: GOOGLE_KNOWN_MODELS,
  anthropic: ANTHROPIC_KNOWN_MODELS,
  chatGPTBrowser: CHATGPT_BROWSER_MODELS,
  bingAI: BING_MODES,
  gptPlugins: OPENAI_KNOWN_MODELS,
} as const satisfies Partial<Record<BuiltInEndpoint, readonly string[]>>;

export interface NumberRange {
  min: number;
  max: number;
  step: number;
  default: number;
}

/** Parameter ranges and defaults. */
export const OPENAI_PARAMS = {
  temperature: { min: 0, max: 2, step: 0.01, default: 1 },
  top_p: { min: 0, max: 1, step: 0.01, default: 1 },
  frequency_penalty: { min: -2, max: 2, step: 0.01, default: 0 },
  presence_penalty: { min: -2, max: 2, step: 0.01, default: 0 },
} as const satisfies Record<string, NumberRange>;

export const OPENAI_DEFAULTS = {
  temperature: 1,
  top_p: 1,
  frequency_penalty: 0,
  presence_penalty: 0,
  resendImages: false,
  imageDetail: 'auto',
} as const;

export const PLUGINS_DEFAULTS = { temperature: 0.8 } as const;

export const GOOGLE_PARAMS = {
  temperature: { min: 0, max: 1, step: 0.01, default: 0.2 },
  topP: { min: 0, max: 1, step: 0.01, default: 0.8 },
  topK: { min: 1, max: 40, step: 1, default: 40 },
  maxOutputTokens: { min: 1, max: 2048, step: 1, default: 1024 },
} as const satisfies Record<string, NumberRange>;
export const GOOGLE_GEMINI_PRO_MAX_OUTPUT = 8192;

export const ANTHROPIC_PARAMS = {
  temperature: { min: 0, max: 1, step: 0.01, default: 1 },
  topP: { min: 0, max: 1, step: 0.01, default: 0.7 },
  topK: { min: 1, max: 40, step: 1, default: 5 },
  maxOutputTokens: { min: 1, max: 4000, step: 1, default: 4000 },
} as const satisfies Record<string, NumberRange>;

/** Agent defaults; the agent runs `functions` (tool calling) whichever is chosen. */
export const AGENT_DEFAULTS = {
  agent: 'functions',
  skipCompletion: true,
  model: 'gpt-3.5-turbo',
  temperature: 0,
} as const;

/** Name of the offline demo endpoint, offered when no provider is configured. */
export const DEMO_ENDPOINT_NAME = 'demo';

/**
 * The built-in endpoints' names in English, for the shared page the server writes: a reply whose
 * sender is a raw endpoint id is signed with these, as the chat signs it (the web's dictionaries
 * carry them as com_endpoint_<name>, translated; a web test keeps the English the same).
 */
export const ENDPOINT_NAMES_EN: Readonly<Partial<Record<BuiltInEndpoint, string>>> = {
  azureOpenAI: 'Azure OpenAI',
  openAI: 'OpenAI',
  chatGPTBrowser: 'ChatGPT',
  gptPlugins: 'Plugins',
  bingAI: 'Bing',
  google: 'Google',
  anthropic: 'Anthropic',
  assistant: 'Assistants',
};

/**
 * What a reply's stored sender stands for. A real name (the conversation's label for the AI, an
 * assistant's name) is kept: undefined. A sender that is no name of its own (empty, or the
 * endpoint's or model's id: older replies and a failed send's placeholder) stands for its
 * endpoint, whose display name signs the reply instead: that endpoint, or null when none is known.
 */
export function rawSenderEndpoint(message: {
  sender: string;
  endpoint: string | null;
  model: string | null;
}): string | null | undefined {
  const sender = message.sender.trim();
  const raw =
    !sender ||
    sender === message.endpoint ||
    sender === message.model ||
    (BUILT_IN_ENDPOINTS as readonly string[]).includes(sender);
  if (!raw) return undefined;
  return message.endpoint ?? (sender && sender !== message.model ? sender : null);
}
