import { z } from 'zod';
import { interfaceConfigSchema } from './librechat-blocks-schemas.js';
import { modelSpecsConfigSchema } from './model-specs-schemas.js';
import { memoryStartupSchema } from './memories-schemas.js';
import { vkey } from './validation-texts.js';
import { tagNameSchema } from './tags-schemas.js';
import { TAG_LIMITS } from './tags.js';
import { AUTH_LIMITS, CHAT_LIMITS, NO_PARENT, UPLOAD_LIMITS, isOneLineName } from './limits.js';
import { messageFileSchema } from './files-schemas.js';
import { PARAM_KEYS } from './params.js';
import {
  conversationOptionsSchema,
  conversationSchema,
  endpointNameSchema,
  idSchema,
  messageSchema,
  userSchema,
} from './entities-schemas.js';

/** Simple x@y.z pattern of the spec. */
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const loginRequestSchema = z.object({
  email: z
    .string()
    .trim()
    .min(1, vkey('com_auth_email_required'))
    .min(AUTH_LIMITS.loginEmailMin, vkey('com_auth_email_min_length'))
    .max(AUTH_LIMITS.emailMax, vkey('com_auth_email_max_length'))
    .regex(EMAIL_PATTERN, vkey('com_auth_email_pattern')),
  password: z
    .string()
    .min(1, vkey('com_auth_password_required'))
    .max(AUTH_LIMITS.passwordMax, vkey('com_auth_password_max_length')),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

/**
 * The login form when LDAP_LOGIN_USES_USERNAME is on: its first field (still sent as `email`, as
 * LibreChat sends it) is the directory username, any text. The login route accepts this shape;
 * without that setting the server holds the body to loginRequestSchema's e-mail rules.
 */
export const usernameLoginRequestSchema = loginRequestSchema.extend({
  email: z
    .string()
    .trim()
    .min(1, vkey('com_auth_username_required'))
    .max(AUTH_LIMITS.emailMax, vkey('com_auth_login_username_max_length')),
});

export const registerFieldsSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, vkey('com_auth_name_required'))
    .min(AUTH_LIMITS.nameMin, vkey('com_auth_name_min_length'))
    .max(AUTH_LIMITS.nameMax, vkey('com_auth_name_max_length'))
    .refine(isOneLineName, vkey('com_auth_name_one_line')),
  email: z
    .string()
    .trim()
    .min(1, vkey('com_auth_email_required'))
    .min(AUTH_LIMITS.emailMin, vkey('com_auth_email_min_length'))
    .max(AUTH_LIMITS.emailMax, vkey('com_auth_email_max_length'))
    .regex(EMAIL_PATTERN, vkey('com_auth_email_pattern')),
  password: z
    .string()
    .min(1, vkey('com_auth_password_required'))
    .min(AUTH_LIMITS.passwordMin, vkey('com_auth_password_min_length'))
    .max(AUTH_LIMITS.passwordMax, vkey('com_auth_password_max_length')),
  confirm_password: z.string().min(1, vkey('com_auth_password_confirm_required')),
  username: z
    .string()
    .trim()
    .min(AUTH_LIMITS.usernameMin, vkey('com_auth_username_min_length'))
    .max(AUTH_LIMITS.usernameMax, vkey('com_auth_username_max_length'))
    .refine(isOneLineName, vkey('com_auth_username_one_line'))
    .optional()
    .or(z.literal('')),
  fingerprint: z.string().max(256).optional(),
  ipAddress: z.string().max(64).optional(),
});

export const registerRequestSchema = registerFieldsSchema.refine((v) => v.password === v.confirm_password, {
  message: vkey('com_auth_password_not_match'),
  path: ['confirm_password'],
});
export type RegisterRequest = z.infer<typeof registerRequestSchema>;

export const authResponseSchema = z.object({
  token: z.string(),
  user: userSchema,
  /** The account is the operator's (ADMIN_EMAIL): the client shows the Admin link (display only). */
  operator: z.boolean().optional(),
  /** The session is the operator's impersonation of this user: the client shows its banner. */
  impersonating: z.boolean().optional(),
});
export type AuthResponse = z.infer<typeof authResponseSchema>;

export const logoutResponseSchema = z.object({ message: z.string(), redirect: z.string().optional() });

export const convosPageQuerySchema = z.object({
  pageNumber: z.coerce.number().int().min(1).max(1_000_000).default(1),
  /**
   * Only conversations carrying any of these tags (bookmarks): `?tags=a&tags=b`, LibreChat's
   * parameter; one name arrives as a string.
   */
  tags: z
    .preprocess(
      (v) => (typeof v === 'string' ? [v] : v),
      z.array(tagNameSchema).max(TAG_LIMITS.maxFilterTags),
    )
    .optional(),
});

export const convosPageSchema = z.object({
  conversations: z.array(conversationSchema),
  pageNumber: z.number(),
  pageSize: z.number(),
  pages: z.number(),
});
export type ConvosPage = z.infer<typeof convosPageSchema>;

export const updateConvoRequestSchema = z.object({
  arg: z.object({
    conversationId: idSchema,
    title: z.string().trim().min(1).max(CHAT_LIMITS.maxTitleChars),
  }),
});

export const clearConvosRequestSchema = z.object({
  arg: z.object({
    conversationId: idSchema.optional(),
    source: z.string().max(64).optional(),
  }),
});

export const genTitleRequestSchema = z.object({ conversationId: idSchema });
export const genTitleResponseSchema = z.object({ title: z.string() });

/**
 * GET /api/messages/:conversationId. Without `limit` (LibreChat's clients): every message. With it:
 * the branch that ends at the conversation's newest message, its last `limit` messages, oldest
 * first (the same Message[] shape); the first one's parentMessageId says whether more lie above.
 */
export const messagesQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(1000).optional(),
});

export const updateMessageRequestSchema = z.object({
  text: z.string().max(CHAT_LIMITS.maxMessageChars),
});

/**
 * A second model asked the same message beside the first (LibreChat's `addedConvo`): its endpoint,
 * model and options. Its reply is saved as a sibling of the first one, under the same user message.
 */
export const addedConvoSchema = conversationOptionsSchema.extend({
  endpoint: endpointNameSchema,
  model: z.string().min(1).max(256),
});
export type AddedConvo = z.infer<typeof addedConvoSchema>;

/** Body of POST /api/ask/{endpoint} and /api/edit/{endpoint}. */
export const askRequestSchema = conversationOptionsSchema.extend({
  text: z.string().max(CHAT_LIMITS.maxMessageChars),
  conversationId: idSchema.nullish(),
  parentMessageId: idSchema.default(NO_PARENT),
  messageId: idSchema.optional(),
  responseMessageId: idSchema.nullish(),
  overrideParentMessageId: idSchema.nullish(),
  endpoint: endpointNameSchema,
  model: z.string().min(1).max(256),
  isRegenerate: z.boolean().optional(),
  isContinued: z.boolean().optional(),
  isEdited: z.boolean().optional(),
  /** Images attached to this message (uploaded first through POST /api/files/images). */
  files: z.array(messageFileSchema).max(UPLOAD_LIMITS.maxFiles).optional(),
  /**
   * Start the conversation as a temporary chat (LibreChat's field): kept out of the list and
   * search, deleted once `interface.temporaryChatRetention` hours pass. Read only when the send
   * creates the conversation.
   */
  isTemporary: z.boolean().optional(),
  /** Compare: a second model answers the same message (a new message only, not an edit). */
  addedConvo: addedConvoSchema.nullish(),
});
export type AskRequest = z.infer<typeof askRequestSchema>;

/**
 * GET /api/ask/stream/:conversationId: `lastEventId` (when the Last-Event-ID header cannot be set),
 * and `index=1` for the reply of the second model a send compared with (`addedConvo`).
 */
export const resumeStreamQuerySchema = z.object({
  lastEventId: z.string().max(32).optional(),
  index: z.enum(['0', '1']).optional(),
});

export const abortRequestSchema = z.object({
  abortKey: z.string().min(1).max(64),
  message: z.string().max(512).optional(),
});

export const abortResponseSchema = z.object({
  requestMessage: messageSchema.nullable(),
  responseMessage: messageSchema,
  conversation: conversationSchema,
});
export type AbortResponse = z.infer<typeof abortResponseSchema>;

/** GET /api/endpoints: one entry per available endpoint. */
export const endpointConfigSchema = z.object({
  order: z.number(),
  type: z.string().optional(),
  /**
   * Whose parameters (which ones, their ranges and defaults) the endpoint's conversations take
   * when not its type's: a custom endpoint of Anthropic's or Gemini's protocol, or one whose
   * librechat.yaml entry names another parameter set.
   */
  paramsType: z.string().optional(),
  /** The operator's ranges and defaults of this endpoint's parameters (over its set's own). */
  paramOverrides: z
    .partialRecord(
      z.enum(PARAM_KEYS),
      z.object({
        min: z.number().optional(),
        max: z.number().optional(),
        step: z.number().optional(),
        default: z.number().optional(),
      }),
    )
    .optional(),
  userProvide: z.boolean(),
  /** The user brings the base URL too (a custom endpoint whose baseURL is user_provided). */
  userProvideURL: z.boolean().optional(),
  modelDisplayLabel: z.string().optional(),
  iconURL: z.string().optional(),
  /**
   * Display names by real model name: the client shows
   * `modelLabels[model] ?? model`; requests and GET /api/models keep the real names.
   */
  modelLabels: z.record(z.string(), z.string()).optional(),
  /** The spec's relabelling rules apply to this endpoint's models (`relabelModel`); labels win. */
  relabelModels: z.boolean().optional(),
  isDemo: z.boolean().optional(),
  /** The endpoint's requests go to Azure OpenAI (LibreChat's flag). */
  azure: z.boolean().optional(),
  /**
   * The models of this endpoint that basic users get a few uses a day of (PREMIUM_MODELS; the
   * picker marks them). Absent without a premium limit, and on an endpoint where the user brings
   * the key (those sends are not counted).
   */
  premiumModels: z.array(z.string()).optional(),
  /**
   * An image per model where one has its own (the agents entry: each agent's avatar, added by the
   * web from GET /api/agents; the server sends none).
   */
  modelIcons: z.record(z.string(), z.string()).optional(),
  /** The agents entry: the builder is off (librechat.yaml `endpoints.agents.disableBuilder`). */
  disableBuilder: z.boolean().optional(),
  /** The agents entry: what the builder may give an agent (`endpoints.agents.capabilities`). */
  capabilities: z.array(z.string()).optional(),
});
export type EndpointConfig = z.infer<typeof endpointConfigSchema>;
export const endpointsConfigSchema = z.record(z.string(), endpointConfigSchema);
export type EndpointsConfig = z.infer<typeof endpointsConfigSchema>;

/** GET /api/models: the model names per endpoint. */
export const modelsConfigSchema = z.record(z.string(), z.array(z.string()));
export type ModelsConfig = z.infer<typeof modelsConfigSchema>;

/** GET /api/config: the start-up config. */
/** One of the public footer's social links: the network's name as shown, and its https page. */
export const siteLinkSchema = z.object({ name: z.string(), url: z.string() });
export type SiteLink = z.infer<typeof siteLinkSchema>;

export const startupConfigSchema = z.object({
  appTitle: z.string(),
  customFooter: z.string().nullable(),
  checkBalance: z.boolean(),
  /**
   * BALANCE_HELP_TEXT: how to get more credits, in the operator's words (markdown-style links
   * allowed), shown under a refusal for want of them; null when unset or without checkBalance.
   */
  balanceHelpText: z.string().nullable(),
  registrationEnabled: z.boolean(),
  emailLoginEnabled: z.boolean(),
  socialLoginEnabled: z.boolean(),
  /** Each social provider is configured (its client id and secret; OpenID: its issuer too). */
  discordLoginEnabled: z.boolean(),
  facebookLoginEnabled: z.boolean(),
  githubLoginEnabled: z.boolean(),
  googleLoginEnabled: z.boolean(),
  openidLoginEnabled: z.boolean(),
  /** OPENID_BUTTON_LABEL, else LibreChat's "Continue with OpenID". */
  openidLabel: z.string(),
  /** OPENID_IMAGE_URL: the OpenID button's icon; empty when unset. */
  openidImageUrl: z.string(),
  /** Sign in with Apple is configured (APPLE_CLIENT_ID, _TEAM_ID, _KEY_ID, _PRIVATE_KEY_PATH). */
  appleLoginEnabled: z.boolean(),
  /** SAML is configured (SAML_ENTRY_POINT, SAML_ISSUER, SAML_CERT). */
  samlLoginEnabled: z.boolean(),
  /** SAML_BUTTON_LABEL; empty when unset (the button's translated text then). */
  samlLabel: z.string(),
  /** SAML_IMAGE_URL: the SAML button's icon; empty when unset. */
  samlImageUrl: z.string(),
  /**
   * LDAP sign-in (LibreChat's field): on with LDAP_URL and LDAP_USER_SEARCH_BASE; `username`
   * (LDAP_LOGIN_USES_USERNAME) when the login form asks for a username instead of an e-mail.
   */
  ldap: z.object({ enabled: z.boolean(), username: z.boolean().optional() }).optional(),
  /** The order of the social buttons (librechat.yaml registration.socialLogins). */
  socialLogins: z.array(z.string()),
  /** Where the browser goes for /oauth/{provider} (DOMAIN_SERVER; LibreChat's field). */
  serverDomain: z.string(),
  /** Mail is configured (verification and reset links are mailed); LibreChat's field. */
  emailEnabled: z.boolean(),
  /** Forgot password is offered: mail, or ALLOW_PASSWORD_RESET; LibreChat's field. */
  passwordResetEnabled: z.boolean(),
  demoEndpoint: z.boolean(),
  /** Sending needs a subscription (SUBSCRIPTIONS_ENABLED; on when Stripe is configured). */
  subscriptionsEnabled: z.boolean(),
  /**
   * The free tier is on (FREE_TIER_MESSAGES, or subscriptions): Try Now is offered only then, since
   * without it the free-tier sign-in can only be refused.
   */
  freeTierEnabled: z.boolean(),
  /** ALLOW_SHARED_LINKS: the chat header offers Share (features/share); off when absent. */
  sharedLinksEnabled: z.boolean().optional(),
  /** STRIPE_PUBLISHABLE_KEY for the browser's Stripe SDK; null without subscriptions. */
  stripePublishableKey: z.string().nullable(),
  /**
   * STRIPE_JS_URL: where the browser loads Stripe's SDK for the express checkout (Stripe's own, or
   * a test's); null without a publishable key (no express checkout).
   */
  stripeJsUrl: z.string().nullable(),
  /**
   * AFFILIATE_SCRIPT_URL: the third-party affiliate tracking script the landing page loads; null when unset, and then no third-party script is ever loaded.
   */
  affiliateScriptUrl: z.string().nullable(),
  /** AFFILIATE_REFER_URL: the affiliate page Refer a Friend opens; null hides that link. */
  affiliateReferUrl: z.string().nullable(),
  /** CONTACT_EMAIL: the address the FAQ's "write to us" names; null: none is shown. */
  contactEmail: z.string().nullable(),
  /** SOCIAL_LINKS: the public footer's links to the product's social pages, in order. */
  socialLinks: z.array(siteLinkSchema),
  /**
   * HELP_AND_FAQ_URL (LibreChat's field): where the account menu's Help & FAQ opens: the built-in
   * FAQ (`HELP_AND_FAQ_DEFAULT_URL`) or the operator's http(s) page.
   */
  helpAndFaqURL: z.string(),
  /**
   * librechat.yaml `interface` (LibreChat's field): the welcome text, the privacy and terms links
   * and the terms dialog, and which parts of the chat view are shown.
   */
  interface: interfaceConfigSchema.optional(),
  /** librechat.yaml `modelSpecs` (LibreChat's field): the curated model menu; absent without one. */
  modelSpecs: modelSpecsConfigSchema.optional(),
  /** librechat.yaml `memory`: memories are on (Settings → Personalization); absent when off. */
  memory: memoryStartupSchema.optional(),
  /** The code interpreter runs here (execute_code, an assistant's code_interpreter); absent when off. */
  codeInterpreter: z.boolean().optional(),
});
export type StartupConfig = z.infer<typeof startupConfigSchema>;
