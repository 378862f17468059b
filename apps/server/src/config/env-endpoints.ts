import { BING_MODES, CHATGPT_BROWSER_MODELS, googleServiceKeySchema } from '@chat/contract';
import type { AzureTarget, EndpointDefinition, GoogleServiceAccount } from './endpoint-types.js';
import { ConfigError, type Env } from './env.js';

/** The key value meaning "each user brings their own" (LibreChat's). */
export const USER_PROVIDED = 'user_provided';

const DEFAULT_OPENAI_BASE = 'https://api.openai.com/v1';

function splitList(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

/** Settings that are wrong together (a key without what it needs), named as parseEnv names them. */
type Problems = string[];

const AZURE_TARGET_VARS = [
  'AZURE_OPENAI_API_INSTANCE_NAME',
  'AZURE_OPENAI_API_DEPLOYMENT_NAME',
  'AZURE_OPENAI_API_VERSION',
] as const;

/**
 * What every built-in endpoint from the environment has: its type as its name, the key (none
 * kept when `user_provided`), the base URL, and the *_MODELS list (empty: fetched at start-up).
 */
function builtIn(
  type: Exclude<EndpointDefinition['type'], 'custom'>,
  key: string,
  baseURL: string | undefined,
  modelList: string | undefined,
): EndpointDefinition {
  const userProvide = key === USER_PROVIDED;
  const models = splitList(modelList);
  return {
    name: type,
    type,
    apiKey: userProvide ? '' : key,
    baseURL,
    models,
    fetchModels: models.length === 0,
    titleModel: undefined,
    label: undefined,
    userProvide,
    isDemo: false,
  };
}

function openAIFromEnv(env: Env): EndpointDefinition | null {
  if (!env.OPENAI_API_KEY) return null;
  return {
    ...builtIn(
      'openAI',
      env.OPENAI_API_KEY,
      env.OPENAI_REVERSE_PROXY || DEFAULT_OPENAI_BASE,
      env.OPENAI_MODELS,
    ),
    allowAnyModel: env.OPENAI_ALLOW_ANY_MODEL,
    titleModel: env.OPENAI_TITLE_MODEL,
    // LibreChat's OPENAI_ORGANIZATION: the OpenAI organization the requests are billed to.
    ...(env.OPENAI_ORGANIZATION ? { headers: { 'OpenAI-Organization': env.OPENAI_ORGANIZATION } } : {}),
    ...(env.OPENAI_FORCE_PROMPT ? { forcePrompt: true } : {}),
  };
}

/**
 * gptPlugins: configured whenever OpenAI is, on its key (or each user's own, under the
 * gptPlugins name), its URL, PLUGIN_MODELS (else OpenAI's list) and its title model, as
 * LibreChat does.
 */
function pluginsFromEnv(openAI: EndpointDefinition | null, env: Env): EndpointDefinition | null {
  if (!openAI) return null;
  const models = env.PLUGIN_MODELS === undefined ? openAI.models : splitList(env.PLUGIN_MODELS);
  // The agent calls tools, which the legacy completions route (OPENAI_FORCE_PROMPT) cannot.
  const { forcePrompt: _completionsOnly, ...shared } = openAI;
  return {
    ...shared,
    name: 'gptPlugins',
    type: 'gptPlugins',
    models: [...models],
    fetchModels: models.length === 0,
  };
}

/**
 * Azure OpenAI: a server key needs the instance, deployment and API version; with
 * `user_provided` each user brings all four (any set here are their defaults).
 * AZURE_OPENAI_BASEURL may carry LibreChat's `${INSTANCE_NAME}` and `${DEPLOYMENT_NAME}`
 * placeholders, filled here when those are configured.
 */
function azureFromEnv(env: Env, problems: Problems): EndpointDefinition | null {
  const key = env.AZURE_API_KEY?.trim();
  if (!key) return null;
  const userProvide = key === USER_PROVIDED;
  const modelAsDeployment = env.AZURE_USE_MODEL_AS_DEPLOYMENT_NAME;
  // With the model as the deployment, no fixed deployment is needed.
  const needed = AZURE_TARGET_VARS.filter(
    (name) => !(modelAsDeployment && name === 'AZURE_OPENAI_API_DEPLOYMENT_NAME'),
  );
  const missing = needed.filter((name) => !env[name]?.trim());
  if (!userProvide) {
    for (const name of missing) problems.push(`${name}: required when AZURE_API_KEY is set`);
  }
  const azure: AzureTarget | undefined =
    missing.length === 0
      ? {
          instanceName: env.AZURE_OPENAI_API_INSTANCE_NAME!.trim(),
          deploymentName: modelAsDeployment ? '' : env.AZURE_OPENAI_API_DEPLOYMENT_NAME!.trim(),
          apiVersion: env.AZURE_OPENAI_API_VERSION!.trim(),
        }
      : undefined;
  let baseURL = env.AZURE_OPENAI_BASEURL || undefined;
  if (baseURL && azure) {
    baseURL = baseURL.replaceAll('${INSTANCE_NAME}', azure.instanceName);
    // Per request when the model names the deployment (providers/azure/target.ts).
    if (!modelAsDeployment) baseURL = baseURL.replaceAll('${DEPLOYMENT_NAME}', azure.deploymentName);
  }
  return {
    ...builtIn('azureOpenAI', key, baseURL, env.AZURE_OPENAI_MODELS),
    ...(azure ? { azure } : {}),
    ...(modelAsDeployment ? { azureModelAsDeployment: true } : {}),
  };
}

/**
 * GOOGLE_KEY: `user_provided`, a Gemini API key, or the JSON of a service account's key file
 * (Vertex AI), checked as an imported service key is. Problems name the field, never
 * a value: the JSON holds a private key.
 */
function googleFromEnv(env: Env, problems: Problems): EndpointDefinition | null {
  const key = env.GOOGLE_KEY?.trim();
  if (!key) return null;
  let googleServiceAccount: GoogleServiceAccount | undefined;
  if (key.startsWith('{')) {
    let json: unknown;
    try {
      json = JSON.parse(key);
    } catch {
      // JSON.parse's message quotes the text around the error: it is not repeated here.
      problems.push("GOOGLE_KEY: is not valid JSON (expected an API key or a service account's JSON key)");
      return null;
    }
    const parsed = googleServiceKeySchema.safeParse(json);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = issue.path.join('.') || '(root)';
        problems.push(`GOOGLE_KEY: service account ${field}: ${issue.message}`);
      }
      return null;
    }
    googleServiceAccount = parsed.data;
  }
  return {
    ...builtIn(
      'google',
      googleServiceAccount ? '' : key,
      env.GOOGLE_REVERSE_PROXY || undefined,
      env.GOOGLE_MODELS,
    ),
    ...(googleServiceAccount ? { googleServiceAccount } : {}),
    googleLocation: env.GOOGLE_LOC,
    titleModel: env.GOOGLE_TITLE_MODEL,
  };
}

function anthropicFromEnv(env: Env): EndpointDefinition | null {
  const key = env.ANTHROPIC_API_KEY?.trim();
  if (!key) return null;
  return builtIn('anthropic', key, env.ANTHROPIC_REVERSE_PROXY || undefined, env.ANTHROPIC_MODELS);
}

/**
 * The legacy upstreams, hidden unless configured: Bing chat (BINGAI_TOKEN, the `_U` cookie;
 * BINGAI_HOST, default www.bing.com) and the ChatGPT web backend (CHATGPT_TOKEN, an access token;
 * CHATGPT_REVERSE_PROXY, the conversation URL). Neither lists its models; neither titles with
 * the model (a title would be one more upstream conversation in the account's history).
 */
function bingFromEnv(env: Env): EndpointDefinition | null {
  const key = env.BINGAI_TOKEN?.trim();
  if (!key) return null;
  return {
    ...builtIn('bingAI', key, env.BINGAI_HOST || undefined, undefined),
    models: [...BING_MODES],
    fetchModels: false,
    titleConvo: false,
  };
}

function chatGPTFromEnv(env: Env): EndpointDefinition | null {
  const key = env.CHATGPT_TOKEN?.trim();
  if (!key) return null;
  const models = splitList(env.CHATGPT_MODELS);
  return {
    ...builtIn('chatGPTBrowser', key, env.CHATGPT_REVERSE_PROXY || undefined, undefined),
    models: models.length > 0 ? models : [...CHATGPT_BROWSER_MODELS],
    fetchModels: false,
    titleConvo: false,
  };
}

/**
 * The built-in endpoints the environment configures, in the spec's display order (the demo
 * endpoint is added by main when wanted; librechat.yaml's custom endpoints follow). Settings wrong
 * together stop start-up with a ConfigError naming each of them.
 */
export function endpointsFromEnv(env: Env): EndpointDefinition[] {
  const problems: Problems = [];
  const openAI = openAIFromEnv(env);
  const endpoints = [
    azureFromEnv(env, problems),
    openAI,
    chatGPTFromEnv(env),
    pluginsFromEnv(openAI, env),
    bingFromEnv(env),
    googleFromEnv(env, problems),
    anthropicFromEnv(env),
  ].filter((e): e is EndpointDefinition => e !== null);
  if (problems.length > 0) {
    throw new ConfigError(`Invalid configuration:\n${problems.map((p) => `  ${p}`).join('\n')}`);
  }
  return endpoints;
}
