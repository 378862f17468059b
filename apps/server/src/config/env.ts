import { isIP } from 'node:net';
import { z } from 'zod';
import { FILE_SOURCES, HELP_AND_FAQ_DEFAULT_URL, SESSION_EXPIRY_LIMITS } from '@chat/contract';
import { allowEntryProblem } from '../platform/net/ssrf.js';
import { bool, durationMs, httpsUrl, optionalUrl } from './env-fields.js';
import { FEATURE_ENV } from './feature-settings.js';

/** What proxy-addr (Fastify's trustProxy) names besides addresses and CIDR ranges. */
const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isProxyAddress(entry: string): boolean {
  if (PROXY_NAMES.has(entry)) return true;
  const [address = '', bits, ...rest] = entry.split('/');
  const family = isIP(address);
  if (!family || rest.length > 0) return false;
  if (bits === undefined) return true;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY: which proxies in front may say who the client is (X-Forwarded-For, read from the
 * right: each trusted hop is skipped, the first untrusted address is the client). Unset, `false`
 * or `0`: none (the connection's address). `true`: one hop, the proxy that connects (as
 * LibreChat's TRUST_PROXY=1 is one hop in Express), never the leftmost entry a client could have
 * written. A number: that many hops. A comma list of addresses, CIDR ranges or proxy-addr's names
 * (loopback, linklocal, uniquelocal): the trusted proxies.
 */
const trustProxy = z
  .string()
  .trim()
  .optional()
  .transform((value, ctx): TrustProxy => {
    const v = (value ?? '').toLowerCase();
    if (['', 'false', 'no'].includes(v)) return false;
    if (['true', 'yes'].includes(v)) return 1;
    if (/^\d+$/.test(v)) return Number(v) === 0 ? false : Number(v);
    const entries = v.split(',').map((e) => e.trim());
    const bad = entries.find((e) => !isProxyAddress(e));
    if (bad !== undefined) {
      ctx.addIssue({
        code: 'custom',
        message: `must be true, false, a hop count or a comma list of addresses / CIDR ranges (not "${bad}")`,
      });
      return z.NEVER;
    }
    return entries;
  });

/** The proxies trusted in front (see TRUST_PROXY): none, a hop count, or their addresses. */
export type TrustProxy = false | number | readonly string[];

/** Environment variables, LibreChat's names where one exists. Parsed once at boot. */
export const envSchema = z.object({
  NODE_ENV: z.string().optional(),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3080),
  DOMAIN_CLIENT: z.string().url().optional(),
  DOMAIN_SERVER: z.string().url().optional(),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().url().optional(),
  /** Several instances share limits, bans, sessions, abort and resumable streams through it. */
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\/\S+$/, 'must be a redis:// or rediss:// URL')
    .optional(),
  /** LibreChat's name: put before every key and channel, so deployments can share one Redis. */
  REDIS_KEY_PREFIX: z.string().max(100).default(''),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  JWT_REFRESH_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  CREDS_KEY: z
    .string()
    .regex(/^[0-9a-f]{64}$/i, 'must be 64 hex characters (32 bytes)')
    .optional(),
  CREDS_IV: z
    .string()
    .regex(/^[0-9a-f]{32}$/i, 'must be 32 hex characters (16 bytes)')
    .optional(),
  /**
   * The outbound HTTP(S) proxy every call to a configured upstream goes through (LibreChat's name):
   * `http://[user:password@]host:port`; empty is none.
   */
  PROXY: optionalUrl((v) => /^https?:\/\//i.test(v), 'must be an http:// or https:// proxy URL'),
  OPENAI_API_KEY: z.string().optional(),
  OPENAI_REVERSE_PROXY: z.string().url().optional().or(z.literal('')),
  OPENAI_MODELS: z.string().optional(),
  OPENAI_TITLE_MODEL: z.string().optional(),
  OPENAI_ALLOW_ANY_MODEL: bool(false),
  /** The OpenAI organization the openAI endpoint's requests name (OpenAI-Organization header). */
  OPENAI_ORGANIZATION: z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v : undefined))
    .pipe(
      z
        .string()
        .regex(/^[\x21-\x7e]+$/, 'must be an organization id such as org-…')
        .optional(),
    ),
  /** The openAI endpoint sends a prompt to the legacy /completions route instead of chat messages. */
  OPENAI_FORCE_PROMPT: bool(false),
  /** gptPlugins (configured with OpenAI, on its key and URL): its model list (LibreChat's name). */
  PLUGIN_MODELS: z.string().optional(),
  /** The web-page reader plugin is off unless this is true. */
  PLUGINS_WEB_BROWSER: bool(false),
  /** Image generation plugin (dalle): the Images API model of the OpenAI endpoint. */
  DALLE_MODEL: z.string().min(1).default('dall-e-3'),
  /** Web search plugin (Tavily): the API's base URL, and a server-wide key (else each user's). */
  TAVILY_API_URL: z.string().url().default('https://api.tavily.com'),
  TAVILY_API_KEY: z.string().optional(),
  // Azure OpenAI (LibreChat's names; with AZURE_API_KEY=user_provided each user brings all four).
  AZURE_API_KEY: z.string().optional(),
  AZURE_OPENAI_API_INSTANCE_NAME: z.string().optional(),
  AZURE_OPENAI_API_DEPLOYMENT_NAME: z.string().optional(),
  AZURE_OPENAI_API_VERSION: z.string().optional(),
  AZURE_OPENAI_MODELS: z.string().optional(),
  /** LibreChat's: each request goes to the deployment named as its model (periods removed). */
  AZURE_USE_MODEL_AS_DEPLOYMENT_NAME: bool(false),
  AZURE_OPENAI_BASEURL: z.string().url().optional().or(z.literal('')),
  // Google: a Gemini API key, or a service account's JSON key (Vertex AI).
  GOOGLE_KEY: z.string().optional(),
  GOOGLE_REVERSE_PROXY: z.string().url().optional().or(z.literal('')),
  GOOGLE_MODELS: z.string().optional(),
  /** The model that writes the google endpoint's conversation titles; the conversation's own when unset. */
  GOOGLE_TITLE_MODEL: z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v : undefined)),
  /** Vertex AI's location for a service account (LibreChat's GOOGLE_LOC). */
  GOOGLE_LOC: z
    .string()
    .regex(/^[a-z0-9-]+$/, 'must be a Vertex AI location such as us-central1')
    .default('us-central1'),
  ANTHROPIC_API_KEY: z.string().optional(),
  ANTHROPIC_REVERSE_PROXY: z.string().url().optional().or(z.literal('')),
  ANTHROPIC_MODELS: z.string().optional(),
  // The two legacy upstreams (LibreChat's names): Bing chat's `_U` cookie and host, and the
  // ChatGPT web backend's access token and conversation URL.
  BINGAI_TOKEN: z.string().optional(),
  BINGAI_HOST: z.string().url().optional().or(z.literal('')),
  CHATGPT_TOKEN: z.string().optional(),
  CHATGPT_REVERSE_PROXY: z.string().url().optional().or(z.literal('')),
  CHATGPT_MODELS: z.string().optional(),
  /** The librechat.yaml file (custom endpoints, overrides); `./librechat.yaml` when present. */
  CONFIG_PATH: z.string().optional(),
  TITLE_CONVO: bool(true),
  ALLOW_REGISTRATION: bool(true),
  ALLOW_EMAIL_LOGIN: bool(true),
  ALLOW_SOCIAL_LOGIN: bool(false),
  /** A social sign-in of someone without an account makes one (LibreChat's name; off by default). */
  ALLOW_SOCIAL_REGISTRATION: bool(false),
  /** How long an access token lives (LibreChat's name; milliseconds, arithmetic allowed). */
  SESSION_EXPIRY: durationMs(SESSION_EXPIRY_LIMITS.accessMinMs, SESSION_EXPIRY_LIMITS.accessMaxMs),
  /** How long a refresh token, and so an idle session, lives (LibreChat's name; milliseconds). */
  REFRESH_TOKEN_EXPIRY: durationMs(SESSION_EXPIRY_LIMITS.refreshMinMs, SESSION_EXPIRY_LIMITS.refreshMaxMs),
  DEMO_ENDPOINT: bool(true),
  APP_TITLE: z.string().default('OmniChat'),
  /** The operator's account (model configs, the admin panel); LibreChat-style deployments set it. */
  ADMIN_EMAIL: z.string().email().optional(),
  CUSTOM_FOOTER: z.string().optional(),
  /** The landing page's third-party affiliate tracking script (https); none when unset. */
  AFFILIATE_SCRIPT_URL: httpsUrl(),
  /** The affiliate page the marketing header's Refer a Friend opens (https); hidden when unset. */
  AFFILIATE_REFER_URL: httpsUrl(),
  /**
   * Where the account menu's Help & FAQ opens (LibreChat's name): an http(s) page; unset, empty or
   * `/` is the built-in FAQ, as LibreChat reads `/`.
   */
  HELP_AND_FAQ_URL: z
    .string()
    .trim()
    .optional()
    .transform((v, ctx) => {
      if (!v || v === '/') return HELP_AND_FAQ_DEFAULT_URL;
      if (!/^https?:\/\/\S+$/i.test(v) || !URL.canParse(v)) {
        ctx.addIssue({ code: 'custom', message: 'must be an http(s) URL, or / for the built-in FAQ' });
        return z.NEVER;
      }
      return v;
    }),
  /** The address the FAQ's "write to us" names; none shown when unset. */
  CONTACT_EMAIL: z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v : undefined))
    .pipe(z.string().email().optional()),
  /**
   * The public footer's social links: `Name=https://…` pairs separated by commas, shown in that
   * order (`X=https://x.com/omnichat,GitHub=https://github.com/omnichat`); none when unset.
   */
  SOCIAL_LINKS: z
    .string()
    .optional()
    .transform((raw, ctx) => {
      const links: { name: string; url: string }[] = [];
      for (const part of (raw ?? '').split(',')) {
        if (!part.trim()) continue;
        const eq = part.indexOf('=');
        const name = eq > 0 ? part.slice(0, eq).trim() : '';
        const url = eq > 0 ? part.slice(eq + 1).trim() : '';
        if (!name || !/^https:\/\/[^\s]+$/.test(url) || !URL.canParse(url)) {
          ctx.addIssue({ code: 'custom', message: `"${part.trim()}" is not Name=https://address` });
          return z.NEVER;
        }
        links.push({ name, url });
      }
      return links;
    }),
  /**
   * The web client's source maps (its whole source) are served, and linked from its scripts by a
   * SourceMap header, only when this is on: a debugging aid, never a default.
   */
  SERVE_SOURCE_MAPS: bool(false),
  /**
   * Ask search engines to leave the whole site alone (LibreChat's name). Off by default here, unlike
   * LibreChat: the landing page, FAQ, pricing and blog are public pages meant to be found.
   */
  NO_INDEX: bool(false),
  /** How much is logged; unset: `info`, or `debug` with DEBUG_CONSOLE. */
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).optional(),
  /** LibreChat's switch for debug lines on the console: LOG_LEVEL's default becomes `debug`. */
  DEBUG_CONSOLE: bool(false),
  LOGIN_MAX: z.coerce.number().int().min(1).optional(),
  LOGIN_WINDOW: z.coerce.number().int().min(1).optional().describe('minutes'),
  REGISTER_MAX: z.coerce.number().int().min(1).optional(),
  REGISTER_WINDOW: z.coerce.number().int().min(1).optional().describe('minutes'),
  TRUST_PROXY: trustProxy,
  // Mail (LibreChat's names): verification and password-reset mails over SMTP (nodemailer).
  /** A service nodemailer knows by name (gmail, outlook…), instead of EMAIL_HOST. */
  EMAIL_SERVICE: z.string().trim().optional(),
  EMAIL_HOST: z.string().trim().optional(),
  EMAIL_PORT: z.coerce.number().int().min(1).max(65535).default(25),
  /** `tls`: TLS from the start (port 465); `starttls`: upgrade required; empty: as the server offers. */
  EMAIL_ENCRYPTION: z
    .string()
    .trim()
    .toLowerCase()
    .pipe(z.enum(['tls', 'starttls', '']))
    .optional(),
  EMAIL_ENCRYPTION_HOSTNAME: z.string().trim().optional(),
  EMAIL_ALLOW_SELFSIGNED: bool(false),
  EMAIL_USERNAME: z.string().optional(),
  EMAIL_PASSWORD: z.string().optional(),
  EMAIL_FROM: z.string().trim().email().optional(),
  EMAIL_FROM_NAME: z.string().trim().optional(),
  /** With mail configured, an account whose address is not confirmed may still log in. */
  ALLOW_UNVERIFIED_EMAIL_LOGIN: bool(false),
  /** Without mail, a reset request answers its link only when this is on (LibreChat's name). */
  ALLOW_PASSWORD_RESET: bool(false),
  /**
   * Where a user's own base URL may point besides the public internet: comma-separated
   * addresses, CIDR ranges or host names (e.g. a local Ollama: `127.0.0.1,ollama.internal`).
   */
  USER_URL_ALLOW: z
    .string()
    .optional()
    .transform((v) =>
      (v ?? '')
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    )
    .superRefine((list, ctx) => {
      for (const entry of list) {
        const problem = allowEntryProblem(entry);
        if (problem) ctx.addIssue({ code: 'custom', message: `${JSON.stringify(entry)} ${problem}` });
      }
    }),
  /** Where uploads are stored: local (DATA_DIR/uploads), s3, firebase or openai (LibreChat's fileStrategy). */
  FILE_STRATEGY: z.enum(FILE_SOURCES).optional(),
  // S3 or any S3-compatible store (MinIO, R2, …) for FILE_STRATEGY=s3 (LibreChat's names).
  AWS_ENDPOINT_URL: z.string().url().optional().or(z.literal('')),
  AWS_BUCKET_NAME: z.string().optional(),
  AWS_REGION: z.string().default('us-east-1'),
  AWS_ACCESS_KEY_ID: z.string().optional(),
  AWS_SECRET_ACCESS_KEY: z.string().optional(),
  /** Path-style bucket addressing (most S3-compatible servers need it); on when AWS_ENDPOINT_URL is set. */
  AWS_FORCE_PATH_STYLE: z
    .string()
    .optional()
    .transform((v) =>
      v === undefined || v === '' ? undefined : ['true', '1', 'yes'].includes(v.toLowerCase()),
    ),
  // Firebase Cloud Storage for FILE_STRATEGY=firebase (LibreChat's names).
  FIREBASE_API_KEY: z.string().optional(),
  FIREBASE_STORAGE_BUCKET: z.string().optional(),
  /** The Firebase Storage REST API's base URL (an emulator's, in tests). */
  FIREBASE_STORAGE_URL: z.string().url().default('https://firebasestorage.googleapis.com'),
  UPSTREAM_IDLE_TIMEOUT_MS: z.coerce.number().int().min(100).optional(),
  REPLY_SAVE_RETRY_MS: z.coerce.number().int().min(0).optional(),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).default(10_000),
  LISTEN_BACKLOG: z.coerce.number().int().min(1).default(4096),
  // Each feature's own settings (config/feature-settings.ts lists them).
  ...FEATURE_ENV,
});
export type Env = z.infer<typeof envSchema>;

/** The log level: LOG_LEVEL when set, else `debug` when DEBUG_CONSOLE asks for it, else `info`. */
export function logLevelOf(env: Pick<Env, 'LOG_LEVEL' | 'DEBUG_CONSOLE'>): NonNullable<Env['LOG_LEVEL']> {
  return env.LOG_LEVEL ?? (env.DEBUG_CONSOLE ? 'debug' : 'info');
}

export class ConfigError extends Error {}

/** Parses the environment; a bad value stops start-up with the setting's name and the problem. */
export function parseEnv(source: NodeJS.ProcessEnv): Env {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return result.data;
}
