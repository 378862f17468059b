/**
 * Stable error codes shared by server and client. The server answers `{ message, code, issues? }`;
 * the client maps `code` to the spec's texts through i18n (key = ERROR_TEXT_KEYS[code]).
 */
export const ERROR_STATUS = {
  validation_error: 400,
  unauthorized: 401,
  invalid_credentials: 401,
  token_expired: 401,
  forbidden: 403,
  banned: 403,
  account_deleted: 403,
  registration_disabled: 403,
  /** Registration with an address outside librechat.yaml's `registration.allowedDomains`. */
  email_domain_not_allowed: 403,
  /** Login of an account whose address is not confirmed while mail is configured. */
  email_not_verified: 403,
  /** A password-reset or email-confirmation token unknown, used or expired: no such live token. */
  invalid_token: 404,
  not_found: 404,
  email_taken: 409,
  conflict: 409,
  /** A client-made id (message, reply) that cannot be used; says nothing of whose it is. */
  id_conflict: 409,
  request_timeout: 408,
  payload_too_large: 413,
  unsupported_media_type: 415,
  too_many_requests: 429,
  headers_too_large: 431,
  login_rate_limited: 429,
  /** CONCURRENT_MESSAGE_MAX replies are running (the message: concurrentLimitText). */
  concurrent: 429,
  /** MESSAGE_USER_MAX / MESSAGE_IP_MAX sends in the window (the message: messageLimitText). */
  message_limit: 429,
  internal: 500,
  unknown_endpoint: 400,
  no_model: 400,
  unknown_model: 400,
  /** The endpoint needs the user's own API key and none is set (or it expired). */
  no_user_key: 400,
  /** librechat.yaml `modelSpecs.enforce`: the ask names no spec, an unknown one, or differs from it. */
  model_spec_mismatch: 403,
  // errors of a reply, carried in the stream's error event
  upstream_error: 502,
  upstream_auth: 502,
  upstream_rate_limited: 429,
  upstream_timeout: 504,
  upstream_unavailable: 503,
  /** The provider's stream ended before its end marker: the reply so far is kept, unfinished. */
  upstream_incomplete: 502,
  insufficient_quota: 402,
  /** The user's token balance cannot cover the send (CHECK_BALANCE); the message is JSON. */
  token_balance: 402,
  moderation: 400,
  /** A send without a valid subscription: the client opens the plan chooser. */
  subscription_required: 402,
  /** A send while the subscription is past_due or unpaid: the client opens Update Payment Method. */
  subscription_past_due: 402,
  /** A free-tier user's send with no free message left: the client opens Trial Ended. */
  free_tier_exhausted: 402,
  /** A basic user's premium-model send past PREMIUM_DAILY_USES today. */
  premium_quota_exceeded: 429,
  /** Stripe refused or failed a payment call; the message is Stripe's. */
  payment_error: 502,
  aborted: 499,
  /** A reply cut by a shutdown past its drain deadline (its stream's error event; saved unfinished). */
  server_shutdown: 503,
  /**
   * The server cannot serve the request now: its database does not answer, or it is draining for a
   * restart. Answered with `Retry-After` (UNAVAILABLE_RETRY_AFTER_SECONDS); nothing was saved.
   */
  service_unavailable: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;
export const ERROR_CODES = Object.keys(ERROR_STATUS) as ErrorCode[];

/**
 * One invalid field: its path (`arg.title`; `query.q` / `params.id` outside the body), a readable
 * English message, and the i18n key of that message when it has one (clients translate the key).
 */
export interface ApiIssue {
  path: string;
  message: string;
  key?: string;
}

/** Every error answer. `message` is readable English; clients show `ERROR_TEXT_KEYS[code]`. */
export interface ApiErrorBody {
  message: string;
  code: ErrorCode;
  issues?: ApiIssue[];
}

/** i18n keys of the user-facing text for each code (English texts in apps/web/src/locales/en.json). */
export const ERROR_TEXT_KEYS: Record<ErrorCode, string> = {
  validation_error: 'com_error_validation',
  unauthorized: 'com_auth_error_login',
  invalid_credentials: 'com_auth_error_login',
  token_expired: 'com_auth_error_login',
  forbidden: 'com_error_forbidden',
  banned: 'com_auth_error_login_ban',
  account_deleted: 'com_auth_error_account_deleted',
  registration_disabled: 'com_auth_error_registration_disabled',
  email_domain_not_allowed: 'com_auth_error_email_domain_not_allowed',
  email_not_verified: 'com_auth_error_email_not_verified',
  invalid_token: 'com_auth_error_invalid_reset_token',
  not_found: 'com_error_not_found',
  email_taken: 'com_auth_error_email_taken',
  conflict: 'com_error_conflict',
  id_conflict: 'com_error_id_conflict',
  request_timeout: 'com_error_request_timeout',
  payload_too_large: 'com_error_payload_too_large',
  unsupported_media_type: 'com_error_unsupported_media_type',
  too_many_requests: 'com_error_too_many_requests',
  headers_too_large: 'com_error_headers_too_large',
  login_rate_limited: 'com_auth_error_login_rl',
  concurrent: 'com_chat_error_concurrent',
  message_limit: 'com_chat_error_message_limit',
  internal: 'com_auth_error_login_server',
  unknown_endpoint: 'com_error_unknown_endpoint',
  no_model: 'com_error_no_model',
  unknown_model: 'com_error_unknown_model',
  no_user_key: 'com_error_no_user_key',
  model_spec_mismatch: 'com_error_model_spec_mismatch',
  upstream_error: 'com_error_upstream',
  upstream_auth: 'com_error_invalid_api_key',
  upstream_rate_limited: 'com_error_upstream_rate_limited',
  upstream_timeout: 'com_error_upstream_timeout',
  upstream_unavailable: 'com_error_upstream_unavailable',
  upstream_incomplete: 'com_error_upstream_incomplete',
  insufficient_quota: 'com_error_insufficient_quota',
  token_balance: 'com_error_token_balance',
  moderation: 'com_error_moderation',
  subscription_required: 'com_error_subscription_required',
  subscription_past_due: 'com_error_subscription_past_due',
  free_tier_exhausted: 'com_error_free_tier_exhausted',
  premium_quota_exceeded: 'com_error_premium_quota',
  payment_error: 'com_error_payment',
  aborted: 'com_error_aborted',
  server_shutdown: 'com_error_server_shutdown',
  service_unavailable: 'com_error_service_unavailable',
};

/** `Retry-After` (seconds) of every 503 service_unavailable: a database outage, a drain. */
export const UNAVAILABLE_RETRY_AFTER_SECONDS = 5;

/** The English `message` of the 503 service_unavailable answers and events. */
export const UNAVAILABLE_TEXTS = {
  database: 'The service is temporarily unavailable; please try again in a moment.',
  draining: 'The server is restarting; please try again in a moment.',
  /** A reply whose final save waited past REPLY_SAVE_RETRY.budgetMs: kept and saved later. */
  replyNotSavedYet:
    'The reply could not be saved yet; it is kept and will be saved (as unfinished) once the database is back.',
} as const;

/**
 * The final save of a reply while the database does not answer: tried again with backoff (from
 * `firstDelayMs`, doubling up to `maxDelayMs`) for `budgetMs` (REPLY_SAVE_RETRY_MS), the client's
 * stream held open meanwhile; past it the client is told and the reply is kept in memory and
 * saved unfinished once the database answers (every `maxDelayMs`).
 */
export const REPLY_SAVE_RETRY = {
  budgetMs: 60_000,
  firstDelayMs: 250,
  maxDelayMs: 5_000,
} as const;

/**
 * The English `message` of the auth and account routes' errors: the spec's texts where it has one, LibreChat's otherwise.
 */
export const AUTH_ERROR_TEXTS = {
  invalidCredentials:
    'Unable to login with the information provided. Please check your credentials and try again.',
  loginRateLimited: 'Too many login attempts in a short amount of time. Please try again later.',
  banned: 'Your account has been temporarily banned due to violations of our service.',
  accountDeleted: 'This account has been deleted and is no longer available.',
  internal: 'There was an internal server error. Please wait a few moments and try again.',
  /** Any refused registration (an address taken included: the reply names no account). */
  registerFailed: 'There was an error attempting to register your account.',
  /** LibreChat's answer with ALLOW_REGISTRATION=false. */
  registrationDisabled: 'Registration is not allowed.',
  /** LibreChat's answer for an address outside `registration.allowedDomains`. */
  emailDomainNotAllowed: 'The email address provided cannot be used. Please use a different email address.',
} as const;
