import type { ParamOverrides, ParamsEndpointType } from '@chat/contract';

/*
 * The endpoints' shapes, below the config's readers (environment, librechat.yaml) and app-config.ts
 * that composes them: each imports these, none imports another for them.
 */

/** The wire protocols the server speaks (one adapter each, providers/adapters.ts). */
export type EndpointType =
  'openAI' | 'azureOpenAI' | 'google' | 'anthropic' | 'custom' | 'gptPlugins' | 'bingAI' | 'chatGPTBrowser';

/** Azure OpenAI's addressing (LibreChat's AZURE_OPENAI_API_* names). */
export interface AzureTarget {
  instanceName: string;
  deploymentName: string;
  apiVersion: string;
}

/** A Google Cloud service account (Vertex AI), as its JSON key file has it. */
export interface GoogleServiceAccount {
  client_email: string;
  project_id: string;
  private_key: string;
  /** Where the key's signed JWT is exchanged for an access token; https://oauth2.googleapis.com/token when absent. */
  token_uri?: string | undefined;
}

/** An endpoint the server can talk to, resolved from configuration. */
export interface EndpointDefinition {
  /** The endpoint's name as the API and the conversation carry it (openAI, demo, a custom name). */
  name: string;
  /** The wire protocol / provider adapter. */
  type: EndpointType;
  /** The server's key; empty when every user brings their own (`userProvide`). */
  apiKey: string;
  /** The URL the SDK calls instead of the provider's own (a reverse proxy, a compatible server). */
  baseURL: string | undefined;
  /** Models offered; empty means "ask the upstream" (resolved at start-up). */
  models: string[];
  /**
   * Accept any model name a client sends, not only `models` (an upstream with free-form names);
   * off by default, as every name is forwarded to a paid upstream.
   */
  allowAnyModel?: boolean;
  titleModel: string | undefined;
  label: string | undefined;
  /** Each user brings their own key (`user_provided`). */
  userProvide: boolean;
  /** Each user brings their own base URL too (custom endpoints with `baseURL: user_provided`). */
  userProvideURL?: boolean;
  isDemo: boolean;
  /**
   * Extra request headers (custom endpoints' `headers`, `${ENV}` values resolved); LibreChat's
   * `{{LIBRECHAT_USER_*}}` and `{{LIBRECHAT_BODY_*}}` placeholders are filled per request
   * (providers/placeholders.ts).
   */
  headers?: Record<string, string>;
  /** Fields merged into every request body (custom `addParams`; placeholders filled per request). */
  addParams?: Record<string, unknown>;
  /** Fields removed from every request body (custom `dropParams`). */
  dropParams?: string[];
  /** The base URL is the whole URL of the chat request (custom `directEndpoint`): nothing appended. */
  directEndpoint?: boolean;
  /**
   * A custom endpoint that speaks another protocol than OpenAI's (LibreChat's `provider`): its
   * requests go through that protocol's adapter, to its own base URL.
   */
  protocol?: 'anthropic' | 'google';
  /**
   * Whose parameters (which ones, ranges, defaults) the endpoint's conversations take: LibreChat's
   * `customParams.defaultParamsEndpoint`, else the protocol's, else the type's.
   */
  paramsType?: ParamsEndpointType;
  /** The operator's ranges and defaults of the endpoint's parameters (`customParams.paramDefinitions`). */
  paramOverrides?: ParamOverrides;
  iconURL?: string;
  /** Title new conversations (custom endpoints' `titleConvo`; the global TITLE_CONVO otherwise). */
  titleConvo?: boolean;
  titleMethod?: 'completion' | 'functions';
  summarize?: boolean;
  summaryModel?: string;
  /**
   * The context size of this endpoint's models (librechat.yaml `maxContextTokens`): a
   * conversation's own setting wins, the model's known size is used without either.
   */
  maxContextTokens?: number;
  forcePrompt?: boolean;
  /** Ask the upstream for its live model list (custom `models.fetch`; built-ins without *_MODELS). */
  fetchModels?: boolean;
  /** Display names by real model name (relabelling); requests use the real names. */
  modelLabels?: Record<string, string>;
  /** Apply the spec's model-name relabelling (contract `relabelModel`) to this endpoint's models. */
  relabelModels?: boolean;
  azure?: AzureTarget;
  /**
   * AZURE_USE_MODEL_AS_DEPLOYMENT_NAME: the deployment is the request's model name with its
   * periods removed (LibreChat's rule: gpt-3.5-turbo goes to gpt-35-turbo), not one fixed name.
   */
  azureModelAsDeployment?: boolean;
  /** Vertex AI instead of the Gemini API key (GOOGLE_KEY holding a service-account JSON). */
  googleServiceAccount?: GoogleServiceAccount;
  /** Vertex AI's location (GOOGLE_LOC, default us-central1): where a service account's requests go. */
  googleLocation?: string;
}
