/**
 * Settings of LibreChat's `.env` that this product does not read, each with the reason. An operator
 * moving here keeps their file; the ones it sets are named in one start-up warning, so nothing
 * they asked for is ignored without a word. The settings read are in env.ts (docs/configuration.md).
 */
const NO_PLUGIN = 'that plugin is not offered';
const NOT_YET = 'not supported yet';

export const UNSUPPORTED_LIBRECHAT_ENV: Readonly<Record<string, string>> = {
  MONGO_URI: 'the data lives in PostgreSQL (DATABASE_URL) or the embedded store',
  REDIS_URI: 'Redis is REDIS_URL',
  USE_REDIS: 'Redis is used when REDIS_URL is set',
  CONSOLE_JSON: 'the log is JSON lines always (what CONSOLE_JSON=true asks for)',
  DEBUG_LOGGING: 'no log files are written: the log goes to standard output (LOG_LEVEL, DEBUG_CONSOLE)',
  DEBUG_OPENAI: 'LOG_LEVEL sets how much is logged',
  DEBUG_PLUGINS: 'LOG_LEVEL sets how much is logged',
  UID: "the container's user is the image's",
  GID: "the container's user is the image's",
  ENDPOINTS: 'the endpoints offered are the ones configured',
  AZURE_OPENAI_DEFAULT_MODEL: NOT_YET,
  AZURE_OPENAI_API_COMPLETIONS_DEPLOYMENT_NAME: NOT_YET,
  AZURE_OPENAI_API_EMBEDDINGS_DEPLOYMENT_NAME: NOT_YET,
  PLUGINS_USE_AZURE: 'plugins run on OpenAI',
  BEDROCK_AWS_DEFAULT_REGION: 'no Bedrock endpoint',
  BEDROCK_AWS_ACCESS_KEY_ID: 'no Bedrock endpoint',
  BEDROCK_AWS_SECRET_ACCESS_KEY: 'no Bedrock endpoint',
  BEDROCK_AWS_SESSION_TOKEN: 'no Bedrock endpoint',
  BEDROCK_AWS_MODELS: 'no Bedrock endpoint',
  GOOGLE_AUTH_HEADER: NOT_YET,
  GOOGLE_SAFETY_SEXUALLY_EXPLICIT: NOT_YET,
  GOOGLE_SAFETY_HATE_SPEECH: NOT_YET,
  GOOGLE_SAFETY_HARASSMENT: NOT_YET,
  GOOGLE_SAFETY_DANGEROUS_CONTENT: NOT_YET,
  GOOGLE_SAFETY_CIVIC_INTEGRITY: NOT_YET,
  OPENAI_SUMMARIZE: 'summaries are set per endpoint in librechat.yaml (summarize)',
  OPENAI_SUMMARY_MODEL: 'summaries are set per endpoint in librechat.yaml (summaryModel)',
  ASSISTANTS_API_KEY: 'assistants run on the configured endpoints',
  ASSISTANTS_BASE_URL: 'assistants run on the configured endpoints',
  ASSISTANTS_MODELS: 'assistants run on the configured endpoints',
  OPENROUTER_API_KEY: 'configure OpenRouter as a custom endpoint in librechat.yaml',
  AZURE_AI_SEARCH_SERVICE_ENDPOINT: NO_PLUGIN,
  AZURE_AI_SEARCH_INDEX_NAME: NO_PLUGIN,
  AZURE_AI_SEARCH_API_KEY: NO_PLUGIN,
  AZURE_AI_SEARCH_API_VERSION: NO_PLUGIN,
  AZURE_AI_SEARCH_SEARCH_OPTION_QUERY_TYPE: NO_PLUGIN,
  AZURE_AI_SEARCH_SEARCH_OPTION_TOP: NO_PLUGIN,
  AZURE_AI_SEARCH_SEARCH_OPTION_SELECT: NO_PLUGIN,
  DALLE_API_KEY: NO_PLUGIN,
  DALLE3_API_KEY: NO_PLUGIN,
  DALLE2_API_KEY: NO_PLUGIN,
  DALLE3_SYSTEM_PROMPT: NO_PLUGIN,
  DALLE2_SYSTEM_PROMPT: NO_PLUGIN,
  DALLE_REVERSE_PROXY: NO_PLUGIN,
  DALLE3_BASEURL: NO_PLUGIN,
  DALLE2_BASEURL: NO_PLUGIN,
  DALLE3_AZURE_API_VERSION: NO_PLUGIN,
  DALLE2_AZURE_API_VERSION: NO_PLUGIN,
  GOOGLE_SEARCH_API_KEY: NO_PLUGIN,
  GOOGLE_CSE_ID: NO_PLUGIN,
  SERPAPI_API_KEY: NO_PLUGIN,
  SD_WEBUI_URL: NO_PLUGIN,
  TRAVERSAAL_API_KEY: NO_PLUGIN,
  WOLFRAM_APP_ID: NO_PLUGIN,
  ZAPIER_NLA_API_KEY: NO_PLUGIN,
  SEARCH: 'search is built in (in the database), always on',
  MEILI_NO_ANALYTICS: 'search is built in: no MeiliSearch',
  MEILI_HOST: 'search is built in: no MeiliSearch',
  MEILI_MASTER_KEY: 'search is built in: no MeiliSearch',
  RAG_USE_FULL_CONTEXT: NOT_YET,
  REGISTRATION_VIOLATION_SCORE:
    'registrations are limited by address (REGISTER_MAX), not scored: no account exists yet to score',
  NON_BROWSER_VIOLATION_SCORE:
    'clients other than browsers are welcome (the API is documented at /api/docs): nothing is refused or scored for its user agent',
  ALLOW_ACCOUNT_DELETION: 'people can always delete their account',
  OPENID_SESSION_SECRET: "not needed: a sign-in's state is kept in the database",
  SAML_SESSION_SECRET: "not needed: a sign-in's state is kept in the database",
  FIREBASE_AUTH_DOMAIN: 'files are stored locally or in S3',
  FIREBASE_PROJECT_ID: 'files are stored locally or in S3',
  FIREBASE_MESSAGING_SENDER_ID: 'files are stored locally or in S3',
  FIREBASE_APP_ID: 'files are stored locally or in S3',
  STATIC_CACHE_MAX_AGE: "the built files' caching is fixed (immutable assets, revalidated pages)",
  STATIC_CACHE_S_MAX_AGE: "the built files' caching is fixed (immutable assets, revalidated pages)",
  INDEX_HTML_CACHE_CONTROL: "the built files' caching is fixed (immutable assets, revalidated pages)",
  INDEX_HTML_PRAGMA: "the built files' caching is fixed (immutable assets, revalidated pages)",
  INDEX_HTML_EXPIRES: "the built files' caching is fixed (immutable assets, revalidated pages)",
  DISABLE_COMPRESSION: 'the built files are served compressed ahead of time',
  SHOW_BIRTHDAY_ICON: NOT_YET,
  ANALYTICS_GTM_ID: NOT_YET,
  E2E_USER_EMAIL: "LibreChat's own test settings",
  E2E_USER_PASSWORD: "LibreChat's own test settings",
};

/**
 * Keys LibreChat's .env documents only for librechat.yaml to name (`apiKey: "${GROQ_API_KEY}"`):
 * read here the same way, through the file's placeholders.
 */
export const LIBRECHAT_YAML_ONLY_ENV: readonly string[] = [
  'ANYSCALE_API_KEY',
  'APIPIE_API_KEY',
  'COHERE_API_KEY',
  'DEEPSEEK_API_KEY',
  'DATABRICKS_API_KEY',
  'FIREWORKS_API_KEY',
  'GROQ_API_KEY',
  'HUGGINGFACE_TOKEN',
  'MISTRAL_API_KEY',
  'OPENROUTER_KEY',
  'PERPLEXITY_API_KEY',
  'SHUTTLEAI_API_KEY',
  'STT_API_KEY',
  'TOGETHERAI_API_KEY',
  'TTS_API_KEY',
  'UNIFY_API_KEY',
  'XAI_API_KEY',
];

/** The unsupported settings `env` sets (to a non-empty value), in LibreChat's order. */
export function unsupportedSettings(env: NodeJS.ProcessEnv): string[] {
  return Object.keys(UNSUPPORTED_LIBRECHAT_ENV).filter((key) => (env[key] ?? '').trim() !== '');
}

/** The start-up warning naming them, or null when none is set. */
export function unsupportedWarning(env: NodeJS.ProcessEnv): string | null {
  const keys = unsupportedSettings(env);
  if (keys.length === 0) return null;
  return `not supported: ${keys.join(', ')} (set, but not read; docs/configuration.md says why)`;
}

/**
 * Settings of LibreChat's .env read here whose meaning or format differs from LibreChat's, in a
 * few words (docs/configuration.md's "Coming from LibreChat" table; each one's row says more).
 * A setting read and not listed here means what it means in LibreChat.
 */
export const LIBRECHAT_ENV_DIFFERENCES: Readonly<Record<string, string>> = {
  NODE_ENV: 'accepted and read for nothing: every behaviour has a setting of its own',
  CREDS_KEY: "seals users' keys with AES-256-GCM; saved LibreChat keys (AES-CBC) are not carried over",
  CREDS_IV: 'accepted, not needed: each sealed key has its own random nonce',
  JWT_SECRET: 'generated and kept in DATA_DIR when unset, instead of required',
  JWT_REFRESH_SECRET: 'generated and kept in DATA_DIR when unset, instead of required',
  OPENID_REQUIRED_ROLE:
    'a role without its token kind and path stops start-up, where LibreChat would refuse every sign-in',
  OPENID_REQUIRED_ROLE_TOKEN_KIND:
    'a value other than `id` or `access` stops start-up, where LibreChat would refuse every sign-in',
  OPENID_USERNAME_CLAIM: 'read when the account is made; LibreChat also rewrites it at every sign-in',
  OPENID_NAME_CLAIM:
    'read when the account is made (unset: `name` first, which LibreChat skips); LibreChat also rewrites it at every sign-in',
  LDAP_TLS_REJECT_UNAUTHORIZED:
    'on unless set to false (LibreChat leaves it off unless set): a directory certificate must verify',
  LDAP_URL: 'a directory account signs in with an existing account of its address, rather than failing on it',
  BINGAI_TOKEN: 'the legacy Bing upstream, behind its own endpoint (bingAI)',
  BINGAI_HOST: 'the legacy Bing upstream, behind its own endpoint (bingAI)',
  LOGIN_VIOLATION_SCORE: 'accepted; a failed login is limited by address (LOGIN_MAX), not scored',
  CONCURRENT_VIOLATION_SCORE: 'accepted; a concurrent send is refused, not scored',
  FIREBASE_API_KEY:
    "Firebase Cloud Storage through its REST API (the bucket's rules must let the server write)",
  CHECK_BALANCE: 'a valid subscription pays instead of the balance when subscriptions are on',
  TAVILY_API_KEY: 'the web search plugin; without it each user enters their own key',
  NO_INDEX: 'off unless set (LibreChat: on): the landing page, FAQ, pricing and blog are meant to be found',
  REFRESH_TOKEN_EXPIRY: 'each refresh starts a full lifetime again (LibreChat counts it from sign-in)',
  PROXY:
    "every configured upstream goes through it; a user's own base URL does not (it stays on the address guard)",
  OPENAI_FORCE_PROMPT: 'the openAI endpoint only; gptPlugins keeps chat messages for its tools',
};
