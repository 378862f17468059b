import { z } from 'zod';

const bool = (def: boolean) =>
  z
    .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
    .optional()
    .transform((v) => (v === undefined || v === '' ? def : ['true', '1', 'yes'].includes(v)));

/** Environment variables, LibreChat's names where one exists (DESIGN §4). Parsed once at boot. */
export const envSchema = z.object({
  NODE_ENV: z.string().optional(),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3080),
  DOMAIN_CLIENT: z.string().url().optional(),
  DOMAIN_SERVER: z.string().url().optional(),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().url().optional(),
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
  OPENAI_API_KEY: z.string().optional(),
  OPENAI_REVERSE_PROXY: z.string().url().optional().or(z.literal('')),
  OPENAI_MODELS: z.string().optional(),
  OPENAI_TITLE_MODEL: z.string().optional(),
  OPENAI_ALLOW_ANY_MODEL: bool(false),
  // Azure OpenAI (LibreChat's names; with AZURE_API_KEY=user_provided each user brings all four).
  AZURE_API_KEY: z.string().optional(),
  AZURE_OPENAI_API_INSTANCE_NAME: z.string().optional(),
  AZURE_OPENAI_API_DEPLOYMENT_NAME: z.string().optional(),
  AZURE_OPENAI_API_VERSION: z.string().optional(),
  AZURE_OPENAI_MODELS: z.string().optional(),
  AZURE_OPENAI_BASEURL: z.string().url().optional().or(z.literal('')),
  // Google: a Gemini API key, or a service account's JSON key (Vertex AI).
  GOOGLE_KEY: z.string().optional(),
  GOOGLE_REVERSE_PROXY: z.string().url().optional().or(z.literal('')),
  GOOGLE_MODELS: z.string().optional(),
  /** Vertex AI's location for a service account (LibreChat's GOOGLE_LOC). */
  GOOGLE_LOC: z
    .string()
    .regex(/^[a-z0-9-]+$/, 'must be a Vertex AI location such as us-central1')
    .default('us-central1'),
  ANTHROPIC_API_KEY: z.string().optional(),
  ANTHROPIC_REVERSE_PROXY: z.string().url().optional().or(z.literal('')),
  ANTHROPIC_MODELS: z.string().optional(),
  /** The librechat.yaml file (custom endpoints, overrides); `./librechat.yaml` when present. */
  CONFIG_PATH: z.string().optional(),
  TITLE_CONVO: bool(true),
  ALLOW_REGISTRATION: bool(true),
  ALLOW_EMAIL_LOGIN: bool(true),
  ALLOW_SOCIAL_LOGIN: bool(false),
  CHECK_BALANCE: bool(false),
  DEMO_ENDPOINT: bool(true),
  APP_TITLE: z.string().default('OmniChat'),
  /** The operator's account (model configs, the admin panel); LibreChat-style deployments set it. */
  ADMIN_EMAIL: z.string().email().optional(),
  CUSTOM_FOOTER: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  LOGIN_MAX: z.coerce.number().int().min(1).optional(),
  LOGIN_WINDOW: z.coerce.number().int().min(1).optional().describe('minutes'),
  REGISTER_MAX: z.coerce.number().int().min(1).optional(),
  REGISTER_WINDOW: z.coerce.number().int().min(1).optional().describe('minutes'),
  TRUST_PROXY: bool(false),
  UPSTREAM_IDLE_TIMEOUT_MS: z.coerce.number().int().min(100).optional(),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).default(10_000),
  LISTEN_BACKLOG: z.coerce.number().int().min(1).default(4096),
});
export type Env = z.infer<typeof envSchema>;

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
