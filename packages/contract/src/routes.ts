import { z } from 'zod';
import {
  abortRequestSchema,
  abortResponseSchema,
  askRequestSchema,
  resumeStreamQuerySchema,
  authResponseSchema,
  clearConvosRequestSchema,
  convosPageQuerySchema,
  convosPageSchema,
  endpointsConfigSchema,
  genTitleRequestSchema,
  genTitleResponseSchema,
  messagesQuerySchema,
  usernameLoginRequestSchema,
  logoutResponseSchema,
  modelsConfigSchema,
  registerRequestSchema,
  startupConfigSchema,
  updateConvoRequestSchema,
  updateMessageRequestSchema,
} from './api-schemas.js';
import {
  conversationSchema,
  endpointNameSchema,
  idSchema,
  messageSchema,
  requiredConversationIdSchema,
  userSchema,
} from './entities-schemas.js';
import { searchEnabledSchema, searchPageSchema, searchQuerySchema } from './search-schemas.js';
import { streamEventSchema } from './sse-schemas.js';
import { KEYS_ROUTES } from './keys-schemas.js';
import { MODEL_CONFIG_ROUTES } from './model-configs-schemas.js';
import { PRESET_ROUTES } from './presets-schemas.js';
import { CONFIG_ROUTES } from './config-routes-schemas.js';
import { BALANCE_ROUTES } from './balance-schemas.js';
import { PREMIUM_ROUTES } from './premium-schemas.js';
import { IMPORT_ROUTES } from './imports-schemas.js';
import { PLUGIN_ROUTES } from './plugins-schemas.js';
import { MCP_ROUTES } from './mcp-schemas.js';
import { ASSISTANT_ROUTES } from './assistants-schemas.js';
import { ACCOUNT_ROUTES } from './account-schemas.js';
import { IDENTITY_ROUTES, registerResponseSchema } from './identity-schemas.js';
import { FILE_ROUTES } from './files-schemas.js';
import { MODERATION_ROUTES } from './moderation-schemas.js';
import { BILLING_ROUTES } from './billing-schemas.js';
import { FREE_TIER_ROUTES } from './free-tier-schemas.js';
import { SOCIAL_BONUS_ROUTES } from './social-bonus-schemas.js';
import { BLOG_ROUTES } from './blog-schemas.js';
import { ERROR_LOG_ROUTES } from './error-log-schemas.js';
import { ADMIN_ROUTES } from './admin-schemas.js';
import { OAUTH_ROUTES } from './oauth-schemas.js';
import { SHARE_ROUTES } from './share-schemas.js';
import { TAG_ROUTES } from './tags-schemas.js';
import { MEMORY_ROUTES } from './memories-schemas.js';
import { FEEDBACK_ROUTES } from './feedback-schemas.js';
import { AGENT_ROUTES } from './agents-schemas.js';
import { ACTION_ROUTES } from './actions-schemas.js';
import { FILE_SEARCH_ROUTES } from './file-search-schemas.js';
import { PROMPT_ROUTES } from './prompts-schemas.js';
import { FORK_ROUTES } from './fork-schemas.js';
import { loginResponseSchema, TWO_FACTOR_ROUTES } from './two-factor-schemas.js';
import { SPEECH_ROUTES } from './speech-schemas.js';
import { route, type RouteDef } from './route-def.js';

export type { HttpMethod, RouteDef } from './route-def.js';

const endpointParams = z.object({ endpoint: endpointNameSchema });
const conversationParams = z.object({ conversationId: idSchema });

export const API_ROUTES = {
  // auth
  register: route({
    method: 'POST',
    path: '/api/auth/register',
    summary: 'Create an account and sign in',
    public: true,
    body: registerRequestSchema,
    response: registerResponseSchema,
  }),
  login: route({
    method: 'POST',
    path: '/api/auth/login',
    summary: 'Sign in with email (or, with LDAP_LOGIN_USES_USERNAME, a directory username) and password',
    public: true,
    body: usernameLoginRequestSchema,
    // An account with two-factor authentication gets { twoFAPending, tempToken } instead.
    response: loginResponseSchema,
  }),
  refresh: route({
    method: 'POST',
    path: '/api/auth/refresh',
    summary: 'A new access token from the refresh cookie (rotated); 204 without a refresh cookie',
    public: true,
    response: authResponseSchema,
  }),
  logout: route({
    method: 'POST',
    path: '/api/auth/logout',
    summary: 'End the session of the refresh cookie',
    public: true,
    response: logoutResponseSchema,
  }),
  user: route({ method: 'GET', path: '/api/user', summary: "The caller's profile", response: userSchema }),

  // config
  config: route({
    method: 'GET',
    path: '/api/config',
    summary: 'Start-up config',
    public: true,
    response: startupConfigSchema,
  }),
  endpoints: route({
    method: 'GET',
    path: '/api/endpoints',
    summary: 'Available endpoints',
    response: endpointsConfigSchema,
  }),
  models: route({
    method: 'GET',
    path: '/api/models',
    summary: 'Model names per endpoint',
    response: modelsConfigSchema,
  }),

  // conversations
  convosPage: route({
    method: 'GET',
    path: '/api/convos',
    summary: "One page of the caller's conversations, newest first",
    query: convosPageQuerySchema,
    response: convosPageSchema,
  }),
  convo: route({
    method: 'GET',
    path: '/api/convos/:id',
    summary: 'One conversation',
    params: z.object({ id: idSchema }),
    response: conversationSchema,
  }),
  renameConvo: route({
    method: 'POST',
    path: '/api/convos/update',
    summary: 'Rename a conversation',
    body: updateConvoRequestSchema,
    response: conversationSchema,
  }),
  clearConvos: route({
    method: 'POST',
    path: '/api/convos/clear',
    summary: 'Delete one conversation, or all of the caller’s',
    body: clearConvosRequestSchema,
    response: z.object({ deletedCount: z.number() }),
  }),
  genTitle: route({
    method: 'POST',
    path: '/api/convos/gen_title',
    summary: 'The title generated for a new conversation (waits for it)',
    body: genTitleRequestSchema,
    response: genTitleResponseSchema,
  }),

  // messages
  messages: route({
    method: 'GET',
    path: '/api/messages/:conversationId',
    summary:
      'Every message of a conversation (oldest first); with ?limit=N only the last N of the newest message’s branch',
    params: conversationParams,
    query: messagesQuerySchema,
    response: z.array(messageSchema),
  }),
  editMessage: route({
    method: 'PUT',
    path: '/api/messages/:conversationId/:messageId',
    summary: "Edit a message's text",
    params: z.object({ conversationId: requiredConversationIdSchema, messageId: idSchema }),
    body: updateMessageRequestSchema,
    response: messageSchema,
  }),

  // search
  search: route({
    method: 'GET',
    path: '/api/search',
    summary: "Full-text search of the caller's messages and titles",
    query: searchQuerySchema,
    response: searchPageSchema,
  }),
  searchEnabled: route({
    method: 'GET',
    path: '/api/search/enable',
    summary: 'Whether search is available',
    response: searchEnabledSchema,
  }),

  // ask, edit, stop, resume
  ask: route({
    method: 'POST',
    path: '/api/ask/:endpoint',
    summary: 'Send a message; the reply streams as server-sent events',
    params: endpointParams,
    body: askRequestSchema,
    response: streamEventSchema,
    stream: true,
  }),
  edit: route({
    method: 'POST',
    path: '/api/edit/:endpoint',
    summary: 'Regenerate or continue a reply; streams as server-sent events',
    params: endpointParams,
    body: askRequestSchema,
    response: streamEventSchema,
    stream: true,
  }),
  abortAsk: route({
    method: 'POST',
    path: '/api/ask/:endpoint/abort',
    summary: 'Stop a running reply; answers what was saved',
    params: endpointParams,
    body: abortRequestSchema,
    response: abortResponseSchema,
  }),
  abortEdit: route({
    method: 'POST',
    path: '/api/edit/:endpoint/abort',
    summary: 'Stop a running regeneration; answers what was saved',
    params: endpointParams,
    body: abortRequestSchema,
    response: abortResponseSchema,
  }),
  resumeStream: route({
    method: 'GET',
    path: '/api/ask/stream/:conversationId',
    summary: 'Join the running reply of a conversation (Last-Event-ID or ?lastEventId=)',
    params: conversationParams,
    query: resumeStreamQuerySchema,
    response: streamEventSchema,
    stream: true,
  }),

  // documentation
  docs: route({
    method: 'GET',
    path: '/api/docs',
    summary: 'This document: the OpenAPI description of the API, written from the route table',
    public: true,
    response: z.record(z.string(), z.unknown()),
  }),

  // Each feature's own rows, one line each.
  ...KEYS_ROUTES,
  ...MODEL_CONFIG_ROUTES,
  ...PRESET_ROUTES,
  ...CONFIG_ROUTES,
  ...BALANCE_ROUTES,
  ...PREMIUM_ROUTES,
  ...IMPORT_ROUTES,
  ...PLUGIN_ROUTES,
  ...MCP_ROUTES,
  ...ASSISTANT_ROUTES,
  ...ACCOUNT_ROUTES,
  ...IDENTITY_ROUTES,
  ...OAUTH_ROUTES,
  ...FILE_ROUTES,
  ...MODERATION_ROUTES,
  ...BILLING_ROUTES,
  ...FREE_TIER_ROUTES,
  ...SOCIAL_BONUS_ROUTES,
  ...BLOG_ROUTES,
  ...ERROR_LOG_ROUTES,
  ...ADMIN_ROUTES,
  ...SHARE_ROUTES,
  ...TAG_ROUTES,
  ...PROMPT_ROUTES,
  ...FORK_ROUTES,
  ...MEMORY_ROUTES,
  ...FEEDBACK_ROUTES,
  ...AGENT_ROUTES,
  ...ACTION_ROUTES,
  ...FILE_SEARCH_ROUTES,
  ...TWO_FACTOR_ROUTES,
  ...SPEECH_ROUTES,
} as const satisfies Record<string, RouteDef>;

export type ApiRoutes = typeof API_ROUTES;

/** Every row, as plain RouteDefs: what the suites and the OpenAPI document enumerate. */
export const API_ROUTE_LIST: readonly RouteDef[] = Object.values(API_ROUTES);
export type RouteName = keyof ApiRoutes;

type Out<S> = S extends z.ZodType ? z.output<S> : undefined;
type In<S> = S extends z.ZodType ? z.input<S> : undefined;
/** The validated input a handler gets. */
export type RouteParams<R extends RouteDef> = Out<R['params']>;
export type RouteQuery<R extends RouteDef> = Out<R['query']>;
export type RouteBody<R extends RouteDef> = Out<R['body']>;
/** What a caller sends (before defaults and coercion). */
export type RouteParamsIn<R extends RouteDef> = In<R['params']>;
export type RouteQueryIn<R extends RouteDef> = In<R['query']>;
export type RouteBodyIn<R extends RouteDef> = In<R['body']>;
/** The JSON reply (or, for a stream, one event). */
export type RouteReply<R extends RouteDef> = z.output<R['response']>;
