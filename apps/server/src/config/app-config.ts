import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  EMBEDDINGS_DEFAULTS,
  FILE_SEARCH_LIMITS,
  FREE_TIER_DEFAULT_MESSAGES,
  LOGIN_RATE_LIMIT,
  PREMIUM_DEFAULT_DAILY_USES,
  PREMIUM_DEFAULT_MODELS,
  SOCIAL_BONUS_DEFAULT_PLATFORMS,
  TOKEN_TTL,
  type SocialPlatform,
  MODERATION_DEFAULTS,
  OPENAI_MODERATION,
  REGISTER_RATE_LIMIT,
  type ViolationType,
  type InterfaceConfig,
} from '@chat/contract';
import type { SsrfPolicy } from '../platform/net/ssrf.js';
import { ConfigError, type Env, type TrustProxy } from './env.js';
import { endpointsFromEnv } from './env-endpoints.js';
import { filesConfigFrom, type FilesConfig } from './files-config.js';
import { oauthConfigFrom, type OAuthConfig } from './oauth-config.js';
import { ldapConfigFrom, type LdapConfig } from './ldap-config.js';
import { agentsConfigFrom, type AgentsConfig } from './agents-yaml.js';
import { OVERRIDABLE_ENDPOINTS, type YamlConfig } from './yaml-config.js';
import {
  FEATURE_YAML_BLOCKS,
  type FeatureYamlKey,
  type FeatureYamlParts,
  type FeatureYamlValues,
} from './feature-yaml.js';
import type { YamlAppFacts } from './yaml-block.js';
import { interfaceConfigFrom } from './yaml-interface.js';
import { uploadRateLimitsFrom, type UploadRateLimits } from './yaml-rate-limits.js';
import type { EndpointDefinition, EndpointType } from './endpoint-types.js';

export { endpointsFromEnv } from './env-endpoints.js';

export type {
  AzureTarget,
  EndpointDefinition,
  EndpointType,
  GoogleServiceAccount,
} from './endpoint-types.js';

/** The adapter an endpoint's requests go through: its protocol's, else its type's. */
export const adapterTypeOf = (endpoint: EndpointDefinition): EndpointType =>
  endpoint.protocol ?? endpoint.type;

/** The parameter set an endpoint's conversations take (contract params.ts). */
export const paramsTypeOf = (endpoint: EndpointDefinition): string =>
  endpoint.paramsType ?? endpoint.protocol ?? endpoint.type;

/** The plugins' own settings (the gptPlugins endpoint is in `endpoints`). */
export interface PluginsConfig {
  /** The web-page reader: off unless enabled; what it may reach besides the public internet. */
  webBrowser: { enabled: boolean; policy?: SsrfPolicy | undefined };
  /** The Images API model the image plugin asks for. */
  imageModel: string;
  /** The web search plugin's upstream (Tavily's API shape) and a server-wide key, if any. */
  tavily: { baseURL: string; apiKey?: string | undefined };
}

export const DEFAULT_PLUGINS_CONFIG: PluginsConfig = {
  webBrowser: { enabled: false },
  imageModel: 'dall-e-3',
  tavily: { baseURL: 'https://api.tavily.com' },
};

/** EMAIL_* (LibreChat's names), read by platform/mail. */
export interface MailConfig {
  service?: string | undefined;
  host?: string | undefined;
  port: number;
  encryption?: 'tls' | 'starttls' | '' | undefined;
  encryptionHostname?: string | undefined;
  allowSelfSigned: boolean;
  username?: string | undefined;
  password?: string | undefined;
  from: string;
  fromName?: string | undefined;
}

/** Mail is configured with a service or host and a sender address (credentials are optional: a local relay). */
function mailConfigFrom(env: Env): MailConfig | undefined {
  if (!(env.EMAIL_SERVICE || env.EMAIL_HOST) || !env.EMAIL_FROM) return undefined;
  return {
    service: env.EMAIL_SERVICE || undefined,
    host: env.EMAIL_HOST || undefined,
    port: env.EMAIL_PORT,
    encryption: env.EMAIL_ENCRYPTION,
    encryptionHostname: env.EMAIL_ENCRYPTION_HOSTNAME || undefined,
    allowSelfSigned: env.EMAIL_ALLOW_SELFSIGNED,
    username: env.EMAIL_USERNAME || undefined,
    password: env.EMAIL_PASSWORD || undefined,
    from: env.EMAIL_FROM,
    fromName: env.EMAIL_FROM_NAME || undefined,
  };
}

export interface FreeTierConfig {
  /** The free messages a new free-tier account starts with. */
  messages: number;
}

/**
 * The free tier is on when FREE_TIER_MESSAGES is set, or when subscriptions are (then with the
 * default allowance): a visitor can try the chat before paying.
 */
export function freeTierConfigFrom(env: Env): FreeTierConfig | undefined {
  if (env.FREE_TIER_MESSAGES !== undefined) return { messages: env.FREE_TIER_MESSAGES };
  return billingConfigFrom(env)?.subscriptionsEnabled ? { messages: FREE_TIER_DEFAULT_MESSAGES } : undefined;
}

/** The premium models' daily allowance of basic users (features/premium). */
export interface PremiumConfig {
  dailyUses: number;
  /** Model names (compared without a vendor prefix, any letter case). */
  models: string[];
}

/**
 * The premium limit is on when PREMIUM_DAILY_USES is set, or when subscriptions are (then with the
 * default allowance): a self-hosted install without a paywall has no premium limit either.
 */
export function premiumConfigFrom(env: Env): PremiumConfig | undefined {
  const models = env.PREMIUM_MODELS ?? [...PREMIUM_DEFAULT_MODELS];
  if (env.PREMIUM_DAILY_USES !== undefined) return { dailyUses: env.PREMIUM_DAILY_USES, models };
  return billingConfigFrom(env)?.subscriptionsEnabled
    ? { dailyUses: PREMIUM_DEFAULT_DAILY_USES, models }
    : undefined;
}

/**
 * The social-media bonus (features/social-bonus): on with CHECK_BALANCE (tokens mean nothing
 * without it), off when SOCIAL_BONUS_TOKENS is 0.
 */
export interface SocialBonusConfig {
  tokens: number;
  platforms: SocialPlatform[];
}

export function socialBonusConfigFrom(env: Env): SocialBonusConfig | undefined {
  const platforms = env.SOCIAL_BONUS_PLATFORMS ?? [...SOCIAL_BONUS_DEFAULT_PLATFORMS];
  if (env.SOCIAL_BONUS_TOKENS <= 0 || platforms.length === 0) return undefined;
  return { tokens: env.SOCIAL_BONUS_TOKENS, platforms: [...new Set(platforms)] };
}

/** Stripe (STRIPE_*), configured when STRIPE_SECRET_KEY is set or SUBSCRIPTIONS_ENABLED is true. */
export interface BillingConfig {
  /**
   * SUBSCRIPTIONS_ENABLED (default true with Stripe): sending needs a valid subscription. Off,
   * payments still work but nobody is refused.
   */
  subscriptionsEnabled: boolean;
  secretKey: string;
  publishableKey: string | null;
  webhookSecret: string;
  /** The Stripe price ids of the weekly plan (the trial bills as weekly) and the yearly plan. */
  prices: { weekly: string; yearly: string };
  /** STRIPE_API_BASE: Stripe's own, or a local Stripe-compatible server. */
  apiBase: string;
  /** STRIPE_JS_URL: the browser SDK's script (Stripe's own, or the fake's in tests). */
  jsUrl: string;
}

/**
 * Stripe's settings; a self-hosted install without Stripe keeps chatting with no paywall.
 * Subscriptions enabled (or a secret key given) without what they need stop start-up, naming
 * what is missing.
 */
/** File search's settings (RAG_OPENAI_*, EMBEDDINGS_*, CHUNK_*; features/file-search). */
export interface FileSearchConfig {
  /** The OpenAI-compatible embeddings endpoint; null: full-text search only. */
  embeddings: { baseURL: string; apiKey: string; model: string } | null;
  chunkSize: number;
  chunkOverlap: number;
}

export const DEFAULT_FILE_SEARCH_CONFIG: FileSearchConfig = {
  embeddings: null,
  chunkSize: FILE_SEARCH_LIMITS.defaultChunkSize,
  chunkOverlap: FILE_SEARCH_LIMITS.defaultChunkOverlap,
};

/** Embeddings only with RAG_OPENAI_API_KEY (LibreChat's RAG service reads the same names). */
function fileSearchConfigFrom(env: Env): FileSearchConfig {
  return {
    embeddings: env.RAG_OPENAI_API_KEY
      ? {
          apiKey: env.RAG_OPENAI_API_KEY,
          baseURL: env.RAG_OPENAI_BASEURL ?? EMBEDDINGS_DEFAULTS.baseURL,
          model: env.EMBEDDINGS_MODEL || EMBEDDINGS_DEFAULTS.model,
        }
      : null,
    chunkSize: env.CHUNK_SIZE || FILE_SEARCH_LIMITS.defaultChunkSize,
    chunkOverlap: env.CHUNK_OVERLAP ?? FILE_SEARCH_LIMITS.defaultChunkOverlap,
  };
}

export function billingConfigFrom(env: Env): BillingConfig | undefined {
  if (!env.STRIPE_SECRET_KEY && env.SUBSCRIPTIONS_ENABLED !== true) return undefined;
  const required = {
    STRIPE_SECRET_KEY: env.STRIPE_SECRET_KEY,
    STRIPE_WEBHOOK_SECRET: env.STRIPE_WEBHOOK_SECRET,
    STRIPE_PRICE_WEEKLY: env.STRIPE_PRICE_WEEKLY,
    STRIPE_PRICE_YEARLY: env.STRIPE_PRICE_YEARLY,
  };
  const missing = Object.entries(required)
    .filter(([, v]) => !v)
    .map(([k]) => k);
  if (missing.length > 0) {
    throw new ConfigError(`Invalid configuration:\n  subscriptions (Stripe) need ${missing.join(', ')}`);
  }
  return {
    subscriptionsEnabled: env.SUBSCRIPTIONS_ENABLED ?? true,
    secretKey: env.STRIPE_SECRET_KEY!,
    publishableKey: env.STRIPE_PUBLISHABLE_KEY || null,
    webhookSecret: env.STRIPE_WEBHOOK_SECRET!,
    prices: { weekly: env.STRIPE_PRICE_WEEKLY!, yearly: env.STRIPE_PRICE_YEARLY! },
    apiBase: env.STRIPE_API_BASE.replace(/\/+$/, ''),
    jsUrl: env.STRIPE_JS_URL,
  };
}

/**
 * The app's configuration. The fields a feature's librechat.yaml block fills (checkBalance,
 * startBalance, autoRefill, memory, modelSpecs, fileConfig, speech) come from the features'
 * declarations (FeatureYamlParts, config/feature-yaml.ts), typed and documented there.
 */
export interface AppConfig extends FeatureYamlParts {
  appTitle: string;
  /** ADMIN_EMAIL: the operator's account; none when unset (operator routes answer 403). */
  adminEmail?: string | undefined;
  customFooter: string | null;
  /** AFFILIATE_SCRIPT_URL / AFFILIATE_REFER_URL (public site); null when unset. */
  affiliate?: { scriptUrl: string | null; referUrl: string | null } | undefined;
  /** HELP_AND_FAQ_URL: where Help & FAQ opens; the built-in FAQ when absent. */
  helpAndFaqUrl?: string | undefined;
  /** CONTACT_EMAIL and SOCIAL_LINKS (public site: the FAQ's address, the footer's links). */
  site?: { contactEmail: string | null; socialLinks: { name: string; url: string }[] } | undefined;
  /**
   * NO_INDEX: search engines are asked to leave the whole site alone (robots.txt disallows all,
   * every answer carries `X-Robots-Tag: noindex`, every page the robots meta tag).
   */
  noIndex?: boolean | undefined;
  /** SERVE_SOURCE_MAPS: the web client's source maps are served (off: they answer 404). */
  serveSourceMaps?: boolean | undefined;
  registrationEnabled: boolean;
  /** librechat.yaml `registration.allowedDomains`: the only e-mail domains that may sign up. */
  allowedDomains?: string[] | undefined;
  emailLoginEnabled: boolean;
  socialLoginEnabled: boolean;
  /** Social and OpenID Connect sign-in: the configured providers (none when absent). */
  oauth?: OAuthConfig;
  /** LDAP: the login form's name and password are checked by the directory (none when absent). */
  ldap?: LdapConfig | undefined;
  /** BALANCE_HELP_TEXT: how to get more credits, in the operator's words; none when unset. */
  balanceHelpText?: string | null | undefined;
  /** librechat.yaml `endpoints.agents`: the builder, the capabilities it offers, the steps of a reply. */
  agents?: AgentsConfig | undefined;
  /** librechat.yaml `interface`: what the chat view shows; every part when absent. */
  interface?: InterfaceConfig | undefined;
  /** librechat.yaml `rateLimits`: upload and import limits; none when absent. */
  uploadRateLimits?: UploadRateLimits | undefined;
  titleConvo: boolean;
  jwtSecret: Uint8Array;
  jwtRefreshSecret: Uint8Array;
  /** CREDS_KEY: the 32-byte key that seals users' provider keys (AES-256-GCM). */
  credsKey: Uint8Array;
  /**
   * Where a user-provided base URL may point besides the public internet (an operator's local
   * server); loopback, private, link-local and metadata addresses are refused otherwise.
   */
  userURLPolicy?: SsrfPolicy | undefined;
  /**
   * SESSION_EXPIRY / REFRESH_TOKEN_EXPIRY: an access token's life and a refresh token's (the
   * refresh cookie's max-age follows), in milliseconds; the contract's TOKEN_TTL when absent.
   */
  sessionExpiry?: SessionExpiry | undefined;
  /** Set the Secure flag on cookies (served over https). */
  secureCookies: boolean;
  /** SMTP for verification and reset mails; absent: no verification, and reset links are answered only with ALLOW_PASSWORD_RESET. */
  mail?: MailConfig | undefined;
  /** ALLOW_UNVERIFIED_EMAIL_LOGIN: with mail configured, unconfirmed accounts may log in. */
  allowUnverifiedEmailLogin?: boolean;
  /**
   * ALLOW_PASSWORD_RESET: without mail, a reset request answers the link itself. Off by default:
   * anyone knowing an address could then reset that account's password.
   */
  allowPasswordReset?: boolean;
  /** Where the web app is served (DOMAIN_CLIENT): the origin of the links in mails. */
  clientOrigin?: string;
  /** TRUST_PROXY: the proxies whose X-Forwarded-For names the client (read from the right). */
  trustProxy: TrustProxy;
  loginRateLimit: { max: number; windowMs: number };
  /** Registrations allowed per IP and window (LibreChat's REGISTER_MAX / REGISTER_WINDOW). */
  registerRateLimit: { max: number; windowMs: number };
  /** Bans, violation scores and message limits (features/moderation); none when absent. */
  moderation?: ModerationConfig | undefined;
  endpoints: EndpointDefinition[];
  /**
   * PROXY: the outbound proxy every call to a configured upstream goes through (chat, titles,
   * model lists, the image plugin); none when absent. A user's own base URL connects directly,
   * through the SSRF guard.
   */
  proxy?: string | undefined;
  /**
   * librechat.yaml overrides built-in endpoints or relabels models: GET
   * /api/endpoints/config/override answers the endpoints and models instead of `false`.
   */
  overridesEndpoints?: boolean;
  /** How long a reply's final save waits for a failing database (REPLY_SAVE_RETRY_MS; REPLY_SAVE_RETRY.budgetMs). */
  replySaveRetryMs?: number | undefined;
  /** A reply fails with upstream_timeout after this long without data (default 120 s). */
  upstreamIdleTimeoutMs?: number | undefined;
  /**
   * The per-user import quota (IMPORT_MAX_FILE_MB, IMPORT_MAX_ACTIVE_JOBS); IMPORT_DEFAULTS when
   * absent.
   */
  imports?: { maxFileBytes: number; maxActiveJobs: number } | undefined;
  /** Plugins (gptPlugins); DEFAULT_PLUGINS_CONFIG when absent. */
  plugins?: PluginsConfig;
  /** Where uploads are stored; local under a temporary folder when absent (tests). */
  files?: FilesConfig;
  /** Stripe; absent: no payments and no paywall. */
  billing?: BillingConfig | undefined;
  /** The free tier (FREE_TIER_MESSAGES, or on with subscriptions); none when absent. */
  freeTier?: FreeTierConfig | undefined;
  /** The premium models' daily limit of basic users (PREMIUM_*); none when absent. */
  premium?: PremiumConfig | undefined;
  /** The social-media bonus (SOCIAL_BONUS_*); none when absent. */
  socialBonus?: SocialBonusConfig | undefined;
  /**
   * The code interpreter (CODE_INTERPRETER_ENABLED, features/code-interpreter): the execute_code
   * tool among the plugins; off when absent (tests turn it on), on by default from the environment.
   */
  codeInterpreter?: { enabled: boolean } | undefined;
  /** File search (features/file-search); DEFAULT_FILE_SEARCH_CONFIG (full text only) when absent. */
  fileSearch?: FileSearchConfig | undefined;
  /** ALLOW_SHARED_LINKS / ALLOW_SHARED_LINKS_PUBLIC (features/share); both on when absent. */
  sharedLinks?: { enabled: boolean; public: boolean } | undefined;
  /**
   * How many forks and duplicates one user and one source address may make per window
   * (FORK_USER_MAX / FORK_USER_WINDOW, FORK_IP_MAX / FORK_IP_WINDOW); the contract's
   * FORK_RATE_LIMIT_DEFAULTS when absent.
   */
  fork?: { userMax: number; userWindowMs: number; ipMax: number; ipWindowMs: number } | undefined;
  /** REDIS_URL / REDIS_KEY_PREFIX: state shared by several instances; one process when absent. */
  redis?: RedisConfig | undefined;
}

export interface SessionExpiry {
  accessMs: number;
  refreshMs: number;
}

/** The token lifetimes in force: the configured ones, else the contract's defaults. */
export function sessionExpiryOf(config: Pick<AppConfig, 'sessionExpiry'>): SessionExpiry {
  return (
    config.sessionExpiry ?? {
      accessMs: TOKEN_TTL.accessSeconds * 1000,
      refreshMs: TOKEN_TTL.refreshSeconds * 1000,
    }
  );
}

/**
 * SESSION_EXPIRY and REFRESH_TOKEN_EXPIRY, each defaulting to today's lifetimes (LibreChat's
 * defaults are the same). A refresh token shorter-lived than the access token it renews would end
 * the session while its token still worked: refused.
 */
function sessionExpiryFrom(env: Env): SessionExpiry {
  const expiry = sessionExpiryOf({});
  const accessMs = env.SESSION_EXPIRY ?? expiry.accessMs;
  const refreshMs = env.REFRESH_TOKEN_EXPIRY ?? expiry.refreshMs;
  if (refreshMs < accessMs) {
    throw new ConfigError(
      'Invalid configuration:\n  REFRESH_TOKEN_EXPIRY must be at least SESSION_EXPIRY (a session would end while its access token still worked)',
    );
  }
  return { accessMs, refreshMs };
}

export interface RedisConfig {
  url: string;
  /** Put before every key and pub/sub channel (REDIS_KEY_PREFIX), e.g. `chat:`. */
  keyPrefix: string;
}

interface StoredSecrets {
  JWT_SECRET: string;
  JWT_REFRESH_SECRET: string;
  CREDS_KEY: string;
  CREDS_IV: string;
}

/**
 * Secrets absent from the environment are generated once and kept in DATA_DIR/secrets.json, so
 * sessions survive restarts; a warning says so.
 */
export function loadSecrets(env: Env, dataDir: string, warn: (msg: string) => void): StoredSecrets {
  const file = join(dataDir, 'secrets.json');
  let stored: Partial<StoredSecrets> = {};
  if (existsSync(file)) stored = JSON.parse(readFileSync(file, 'utf8')) as Partial<StoredSecrets>;
  const fresh: StoredSecrets = {
    JWT_SECRET: env.JWT_SECRET ?? stored.JWT_SECRET ?? randomBytes(32).toString('hex'),
    JWT_REFRESH_SECRET:
      env.JWT_REFRESH_SECRET ?? stored.JWT_REFRESH_SECRET ?? randomBytes(32).toString('hex'),
    CREDS_KEY: env.CREDS_KEY ?? stored.CREDS_KEY ?? randomBytes(32).toString('hex'),
    CREDS_IV: env.CREDS_IV ?? stored.CREDS_IV ?? randomBytes(16).toString('hex'),
  };
  const missing = (Object.keys(fresh) as (keyof StoredSecrets)[]).filter((k) => !env[k]);
  if (missing.length > 0) {
    const changed = missing.some((k) => stored[k] !== fresh[k]);
    if (changed) {
      mkdirSync(dataDir, { recursive: true });
      const keep: Partial<StoredSecrets> = {};
      for (const k of missing) keep[k] = fresh[k];
      writeFileSync(file, JSON.stringify(keep, null, 2), { mode: 0o600 });
    }
    warn(`${missing.join(', ')} not set: using generated values kept in ${file}`);
  }
  return fresh;
}

/**
 * The offline demo endpoint is offered only while no real provider is configured, and never when
 * DEMO_ENDPOINT=false.
 */
export function shouldOfferDemo(env: Pick<Env, 'DEMO_ENDPOINT'>, endpoints: EndpointDefinition[]): boolean {
  return env.DEMO_ENDPOINT && endpoints.length === 0;
}

/**
 * The endpoints of the environment with librechat.yaml applied: the built-ins' overrides, the
 * top-level relabelling under each endpoint's own, then the custom endpoints in file order. An
 * override of an endpoint the environment does not configure is ignored with a warning.
 */
export function applyYamlConfig(
  endpoints: EndpointDefinition[],
  yaml: YamlConfig | null,
  warn: (msg: string) => void,
): EndpointDefinition[] {
  if (!yaml) return endpoints;
  if (yaml.ignored.length > 0) {
    warn(`${yaml.file}: not supported (yet), ignored: ${yaml.ignored.join(', ')}`);
  }
  if (yaml.unhonoured.length > 0) {
    warn(`${yaml.file}: set but not honoured here: ${yaml.unhonoured.join(', ')}`);
  }
  for (const name of OVERRIDABLE_ENDPOINTS) {
    const o = yaml.overrides[name];
    if (!o) continue;
    const endpoint = endpoints.find((e) => e.name === name);
    if (!endpoint) {
      warn(`${yaml.file}: endpoints.${name} is ignored: the environment does not configure ${name}`);
      continue;
    }
    if (o.titleConvo !== undefined) endpoint.titleConvo = o.titleConvo;
    if (o.titleModel) endpoint.titleModel = o.titleModel === 'current_model' ? undefined : o.titleModel;
    if (o.modelDisplayLabel) endpoint.label = o.modelDisplayLabel;
    if (o.iconURL) endpoint.iconURL = o.iconURL;
    if (o.modelLabels) endpoint.modelLabels = o.modelLabels;
    if (o.relabelModels !== undefined) endpoint.relabelModels = o.relabelModels;
    if (o.maxContextTokens !== undefined) endpoint.maxContextTokens = o.maxContextTokens;
  }
  const all = [...endpoints, ...yaml.custom];
  if (yaml.modelLabels) {
    for (const e of all) e.modelLabels = { ...yaml.modelLabels, ...e.modelLabels };
  }
  return all;
}

/** Whether librechat.yaml changes what GET /api/endpoints and /api/models answer for built-ins. */
function overridesEndpoints(yaml: YamlConfig | null): boolean {
  return !!yaml && (Object.keys(yaml.overrides).length > 0 || yaml.modelLabels !== undefined);
}

/**
 * The fields the features' librechat.yaml blocks fill, each from what the file kept of its block
 * (none without a file), in the list's order; their warnings name the file.
 */
function featureYamlParts(
  env: Env,
  yaml: YamlConfig | null,
  endpoints: readonly EndpointDefinition[],
  warn: (msg: string) => void,
): FeatureYamlParts {
  const file = yaml?.file ?? 'librechat.yaml';
  const facts: YamlAppFacts = {
    env,
    endpointNames: endpoints.map((e) => e.name),
    unhonoured: (path, why) => warn(`${file}: set but not honoured here: ${path} (${why})`),
    warn: (msg) => warn(`${file}: ${msg}`),
  };
  const kept: FeatureYamlValues = yaml ?? {};
  const parts = FEATURE_YAML_BLOCKS.map((d) => d.toConfig(kept[d.key as FeatureYamlKey], facts));
  return Object.assign({}, ...parts) as FeatureYamlParts;
}

export function buildAppConfig(
  env: Env,
  secrets: StoredSecrets,
  yaml: YamlConfig | null = null,
  warn: (msg: string) => void = () => {},
): AppConfig {
  const enc = new TextEncoder();
  const endpoints = applyYamlConfig(endpointsFromEnv(env), yaml, warn);
  const parts = featureYamlParts(env, yaml, endpoints, warn);
  return {
    ...parts,
    appTitle: env.APP_TITLE,
    adminEmail: env.ADMIN_EMAIL,
    customFooter: env.CUSTOM_FOOTER ?? null,
    affiliate: { scriptUrl: env.AFFILIATE_SCRIPT_URL ?? null, referUrl: env.AFFILIATE_REFER_URL ?? null },
    site: { contactEmail: env.CONTACT_EMAIL ?? null, socialLinks: env.SOCIAL_LINKS },
    helpAndFaqUrl: env.HELP_AND_FAQ_URL,
    serveSourceMaps: env.SERVE_SOURCE_MAPS,
    noIndex: env.NO_INDEX,
    registrationEnabled: env.ALLOW_REGISTRATION,
    allowedDomains: yaml?.allowedDomains,
    emailLoginEnabled: env.ALLOW_EMAIL_LOGIN,
    socialLoginEnabled: env.ALLOW_SOCIAL_LOGIN,
    oauth: oauthConfigFrom(env, yaml?.socialLogins),
    ldap: ldapConfigFrom(env),
    interface: interfaceConfigFrom(yaml?.interface, parts.modelSpecs),
    agents: agentsConfigFrom(yaml?.agents, yaml?.interface?.agents),
    uploadRateLimits: uploadRateLimitsFrom(yaml?.rateLimits),
    balanceHelpText: env.BALANCE_HELP_TEXT || null,
    titleConvo: env.TITLE_CONVO,
    jwtSecret: enc.encode(secrets.JWT_SECRET),
    jwtRefreshSecret: enc.encode(secrets.JWT_REFRESH_SECRET),
    credsKey: Buffer.from(secrets.CREDS_KEY, 'hex'),
    sessionExpiry: sessionExpiryFrom(env),
    secureCookies: (env.DOMAIN_SERVER ?? '').startsWith('https:'),
    trustProxy: env.TRUST_PROXY,
    mail: mailConfigFrom(env),
    allowUnverifiedEmailLogin: env.ALLOW_UNVERIFIED_EMAIL_LOGIN,
    allowPasswordReset: env.ALLOW_PASSWORD_RESET,
    clientOrigin: (env.DOMAIN_CLIENT ?? `http://localhost:${env.PORT}`).replace(/\/+$/, ''),
    ...(env.USER_URL_ALLOW.length > 0 ? { userURLPolicy: { allow: env.USER_URL_ALLOW } } : {}),
    loginRateLimit: {
      max: env.LOGIN_MAX ?? LOGIN_RATE_LIMIT.max,
      windowMs: env.LOGIN_WINDOW ? env.LOGIN_WINDOW * 60_000 : LOGIN_RATE_LIMIT.windowMs,
    },
    moderation: moderationConfigFrom(env),
    registerRateLimit: {
      max: env.REGISTER_MAX ?? REGISTER_RATE_LIMIT.max,
      windowMs: env.REGISTER_WINDOW ? env.REGISTER_WINDOW * 60_000 : REGISTER_RATE_LIMIT.windowMs,
    },
    endpoints,
    proxy: env.PROXY,
    overridesEndpoints: overridesEndpoints(yaml),
    upstreamIdleTimeoutMs: env.UPSTREAM_IDLE_TIMEOUT_MS,
    replySaveRetryMs: env.REPLY_SAVE_RETRY_MS,
    imports: {
      maxFileBytes: env.IMPORT_MAX_FILE_MB * 1024 * 1024,
      maxActiveJobs: env.IMPORT_MAX_ACTIVE_JOBS,
    },
    files: filesConfigFrom(env, yaml),
    billing: billingConfigFrom(env),
    freeTier: freeTierConfigFrom(env),
    premium: premiumConfigFrom(env),
    // Tokens mean something only where balances are checked.
    socialBonus: env.CHECK_BALANCE ? socialBonusConfigFrom(env) : undefined,
    codeInterpreter: { enabled: env.CODE_INTERPRETER_ENABLED },
    fileSearch: fileSearchConfigFrom(env),
    sharedLinks: { enabled: env.ALLOW_SHARED_LINKS, public: env.ALLOW_SHARED_LINKS_PUBLIC },
    fork: {
      userMax: env.FORK_USER_MAX,
      userWindowMs: env.FORK_USER_WINDOW * 60_000,
      ipMax: env.FORK_IP_MAX,
      ipWindowMs: env.FORK_IP_WINDOW * 60_000,
    },
    redis: env.REDIS_URL ? { url: env.REDIS_URL, keyPrefix: env.REDIS_KEY_PREFIX } : undefined,
    plugins: {
      webBrowser: { enabled: env.PLUGINS_WEB_BROWSER },
      imageModel: env.DALLE_MODEL,
      tavily: { baseURL: env.TAVILY_API_URL.replace(/\/$/, ''), apiKey: env.TAVILY_API_KEY || undefined },
    },
  };
}

/**
 * The configured secrets, cut out of logged error messages literally: endpoint keys, header
 * values (custom endpoints put keys there too) and service-account private keys.
 */
export function configSecrets(
  config: Pick<
    AppConfig,
    'endpoints' | 'plugins' | 'files' | 'mail' | 'oauth' | 'billing' | 'redis' | 'proxy' | 'speech'
  >,
): string[] {
  return [
    ...redisPassword(config.redis),
    ...urlPassword(config.proxy),
    ...(config.billing ? [config.billing.secretKey, config.billing.webhookSecret] : []),
    ...(config.mail?.password ? [config.mail.password] : []),
    ...(config.files?.s3?.secretAccessKey ? [config.files.s3.secretAccessKey] : []),
    ...(config.files?.firebase ? [config.files.firebase.apiKey] : []),
    ...config.endpoints.flatMap((e) => [
      e.apiKey,
      ...Object.values(e.headers ?? {}),
      ...(e.googleServiceAccount ? [e.googleServiceAccount.private_key] : []),
    ]),
    ...(config.plugins?.tavily.apiKey ? [config.plugins.tavily.apiKey] : []),
    ...(config.speech?.secrets ?? []),
    ...(['github', 'google', 'discord', 'facebook', 'openid'] as const).flatMap((p) => {
      const secret = config.oauth?.[p]?.clientSecret;
      return secret ? [secret] : [];
    }),
  ];
}

/** A sliding limit: at most `max` per `windowMs`, or none when off. */
export interface RateLimitConfig {
  enabled: boolean;
  max: number;
  windowMs: number;
}

/** LibreChat's moderation settings (BAN_*, *_VIOLATION_SCORE, LIMIT_*, *_MAX, *_WINDOW). */
export interface ModerationConfig {
  /** BAN_VIOLATIONS */
  banViolations: boolean;
  banDurationMs: number;
  banInterval: number;
  scores: Record<ViolationType, number>;
  concurrent: { enabled: boolean; max: number };
  messageIp: RateLimitConfig;
  messageUser: RateLimitConfig;
  /** OPENAI_MODERATION: where each message is checked first; none when off. */
  openaiModeration?: { url: string; apiKey: string } | undefined;
}

export function moderationConfigFrom(env: Env): ModerationConfig {
  const d = MODERATION_DEFAULTS;
  if (env.OPENAI_MODERATION && !env.OPENAI_MODERATION_API_KEY) {
    throw new ConfigError('Invalid configuration:\n  OPENAI_MODERATION: needs OPENAI_MODERATION_API_KEY');
  }
  return {
    openaiModeration: env.OPENAI_MODERATION
      ? {
          url: env.OPENAI_MODERATION_REVERSE_PROXY || OPENAI_MODERATION.defaultUrl,
          apiKey: env.OPENAI_MODERATION_API_KEY ?? '',
        }
      : undefined,
    banViolations: env.BAN_VIOLATIONS,
    banDurationMs: env.BAN_DURATION ?? d.banDurationMs,
    banInterval: env.BAN_INTERVAL ?? d.banInterval,
    scores: {
      login: env.LOGIN_VIOLATION_SCORE ?? d.loginViolationScore,
      concurrent: env.CONCURRENT_VIOLATION_SCORE ?? d.concurrentViolationScore,
      message_limit: env.MESSAGE_VIOLATION_SCORE ?? d.messageViolationScore,
      illegal_model_request: env.ILLEGAL_MODEL_REQ_SCORE ?? d.illegalModelReqScore,
    },
    concurrent: {
      enabled: env.LIMIT_CONCURRENT_MESSAGES,
      max: env.CONCURRENT_MESSAGE_MAX ?? d.concurrentMessageMax,
    },
    messageIp: {
      enabled: env.LIMIT_MESSAGE_IP,
      max: env.MESSAGE_IP_MAX ?? d.messageIpMax,
      windowMs: (env.MESSAGE_IP_WINDOW ?? d.messageIpWindowMinutes) * 60_000,
    },
    messageUser: {
      enabled: env.LIMIT_MESSAGE_USER,
      max: env.MESSAGE_USER_MAX ?? d.messageUserMax,
      windowMs: (env.MESSAGE_USER_WINDOW ?? d.messageUserWindowMinutes) * 60_000,
    },
  };
}

/** The password of REDIS_URL (`redis://user:password@host`), if it has one. */
function redisPassword(redis: RedisConfig | undefined): string[] {
  return urlPassword(redis?.url);
}

/** The password a URL carries (`scheme://user:password@host`), if any. */
function urlPassword(url: string | undefined): string[] {
  if (!url) return [];
  try {
    const password = decodeURIComponent(new URL(url).password);
    return password ? [password] : [];
  } catch {
    return [];
  }
}
