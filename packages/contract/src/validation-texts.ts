import { AUTH_LIMITS } from './limits.js';
import { PLUGIN_LIMITS } from './plugin-limits.js';
import { BLOG_LIMITS } from './blog.js';
import { TAG_LIMITS } from './tags.js';
import { MEMORY_LIMITS } from './memories.js';
import { PROMPT_LIMITS } from './prompts.js';
import { FEEDBACK_VALIDATION_TEXTS } from './feedback.js';

/**
 * The English text of every i18n key the contract's schemas use as a validation message. Both
 * sides read it from here, the one home of these texts: the server turns a failed field's key
 * into a readable message (`issues[].message`, with the key beside it), and the web client merges
 * these texts into its English dictionary (apps/web/src/app/i18n.ts), where the keys are
 * translated like any other.
 *
 * The core's keys are below, translated in the web's shared texts (locales/<lang>.json). A
 * feature declares its own in its contract module (`<NAME>_VALIDATION_TEXTS` in `<name>.ts`) and
 * takes one line in FEATURE_VALIDATION_TEXTS; the web translates them in that feature's texts
 * (features/<name>/locales/<lang>.json), and the text checks hold each set to its keys.
 */
export const CORE_VALIDATION_TEXTS = {
  com_auth_name_required: 'Name is required',
  com_auth_name_min_length: `Name must be at least ${AUTH_LIMITS.nameMin} characters`,
  com_auth_name_max_length: `Name must be less than ${AUTH_LIMITS.nameMax} characters`,
  com_auth_name_one_line: 'Name must be one line, without control characters',
  com_auth_username_one_line: 'Username must be one line, without control characters',
  com_auth_username_min_length: `Username must be at least ${AUTH_LIMITS.usernameMin} characters`,
  com_auth_username_max_length: `Username must be less than ${AUTH_LIMITS.usernameMax} characters`,
  com_auth_username_required: 'Username is required',
  com_auth_login_username_max_length: `Username should not be longer than ${AUTH_LIMITS.emailMax} characters`,
  com_auth_email_required: 'Email is required',
  com_auth_email_min_length: `Email must be at least ${AUTH_LIMITS.emailMin} characters`,
  com_auth_email_max_length: `Email should not be longer than ${AUTH_LIMITS.emailMax} characters`,
  com_auth_email_pattern: 'You must enter a valid email address',
  com_auth_password_required: 'Password is required',
  com_auth_password_min_length: `Password must be at least ${AUTH_LIMITS.passwordMin} characters`,
  com_auth_password_max_length: `Password must be less than ${AUTH_LIMITS.passwordMax} characters`,
  com_auth_password_confirm_required: 'Please confirm your password',
  com_auth_password_not_match: 'passwords do not match',
  com_auth_reset_no_token: 'Unable to process: No valid reset token',
  com_auth_reset_no_user_id: 'Unable to process: No valid user id',
  com_error_invalid_id: 'Invalid id',
  com_error_conversation_id_required: 'conversationId is required',
  com_error_unknown_endpoint: 'Unknown endpoint',
  com_error_undefined_endpoint: 'undefined endpoint',
  com_error_param_out_of_range: 'A parameter is out of the range this endpoint accepts',
  com_plugin_auth_required: '{{label}} is required.',
  com_plugin_auth_min_length: `{{label}} must be at least ${PLUGIN_LIMITS.authMinChars} characters long`,
  com_blog_title_required: 'Title is required',
  com_blog_slug_required: 'Slug is required',
  com_blog_slug_invalid: 'Use lowercase letters, digits and hyphens only',
  com_blog_meta_required: 'Meta description is required',
  com_blog_meta_max: `Meta description must be less than ${BLOG_LIMITS.metaDescriptionMax} characters`,
  com_blog_content_required: 'Content is required',
  com_blog_image_url: 'Featured image must be a valid URL',
  com_ui_bookmarks_title_required: 'Bookmark name is required',
  com_ui_bookmarks_title_too_long: `Bookmark name must be at most ${TAG_LIMITS.tagMaxChars} characters`,
  com_ui_bookmarks_description_too_long: `Description must be at most ${TAG_LIMITS.descriptionMaxChars} characters`,
  com_ui_memory_key_required: 'Key is required',
  com_ui_memory_key_too_long: `Key must be at most ${MEMORY_LIMITS.keyMaxChars} characters`,
  com_ui_memory_value_required: 'Value is required',
  com_ui_memory_value_too_long: 'Value is too long',
  com_ui_memory_key_not_allowed: 'This key is not one of the keys allowed here',
  com_ui_memory_would_exceed: 'Adding this memory would exceed the token limit',
  com_ui_prompt_name_required: 'Prompt name is required',
  com_ui_prompt_name_too_long: `Prompt name must be at most ${PROMPT_LIMITS.nameMaxChars} characters`,
  com_ui_prompt_text_required: 'Prompt text is required',
  com_ui_prompt_text_too_long: `Prompt text must be at most ${PROMPT_LIMITS.promptMaxChars} characters`,
  com_ui_prompt_command_invalid: `Command: lowercase letters, digits and hyphens, at most ${PROMPT_LIMITS.commandMaxChars}`,
  com_error_invalid_characters:
    'Contains a character that cannot be saved (a NUL character or an unpaired surrogate)',
} as const;

/** Each feature's validation texts, by the feature's name on the web (features/<name>/): one line each. */
export const FEATURE_VALIDATION_TEXTS = {
  feedback: FEEDBACK_VALIDATION_TEXTS,
} as const;

type FeatureTexts = (typeof FEATURE_VALIDATION_TEXTS)[keyof typeof FEATURE_VALIDATION_TEXTS];
type Joined<U> = (U extends unknown ? (u: U) => void : never) extends (j: infer J) => void ? J : never;

/** Every validation text: the core's and every feature's (a key declared twice is a contract test's failure). */
export const VALIDATION_TEXTS = Object.assign(
  {},
  CORE_VALIDATION_TEXTS,
  ...Object.values(FEATURE_VALIDATION_TEXTS),
) as typeof CORE_VALIDATION_TEXTS & Joined<FeatureTexts>;

export type ValidationKey = keyof typeof VALIDATION_TEXTS;

/** A schema's message: the key itself, checked at compile time to have an English text here. */
export const vkey = <K extends ValidationKey>(key: K): K => key;

export function isValidationKey(key: string): key is ValidationKey {
  return Object.hasOwn(VALIDATION_TEXTS, key);
}
