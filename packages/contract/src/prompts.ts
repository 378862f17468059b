/**
 * The prompt library: a person's saved prompts in groups (LibreChat's PromptGroup) with versions
 * (its Prompt), one version of each group the production one. A group's `command` is the word the
 * message box's `/` finds it by; `{{variables}}` in a prompt's text are filled in by the person in
 * the browser before the text goes into the box, never by the server. A group shared with everyone
 * (LibreChat's global project in `projectIds`) is read by everyone and changed by its owner only.
 * Zod-free: the web's picker and the server read these; the schemas and routes are in
 * prompts-schemas.ts.
 */

export const PROMPT_LIMITS = {
  /** The longest group name (characters, after trimming). */
  nameMaxChars: 128,
  /** The longest one-line description (LibreChat's `oneliner`). */
  onelinerMaxChars: 512,
  /** The longest category name. */
  categoryMaxChars: 64,
  /** The longest command (LibreChat's: lowercase letters, digits and hyphens). */
  commandMaxChars: 56,
  /** The longest prompt text. */
  promptMaxChars: 50_000,
  /** Groups one person may have. */
  maxGroupsPerUser: 500,
  /** Versions one group may have. */
  maxVersionsPerGroup: 100,
  /** GET /api/prompts/groups: groups per page when the caller names none, and at most. */
  pageSizeDefault: 10,
  pageSizeMax: 100,
  /** The longest name filter. */
  filterMaxChars: 128,
  /** The longest file an import reads (characters of JSON). */
  importMaxChars: 2_000_000,
} as const;

/** A command as LibreChat keeps it: lowercase letters, digits and hyphens. */
export const PROMPT_COMMAND_PATTERN = /^[a-z0-9-]+$/;

/**
 * The project every signed-in person sees: a group whose `projectIds` holds it is shared with
 * everyone (LibreChat's global "instance" project). This app has no other projects.
 */
export const PROMPTS_GLOBAL_PROJECT_ID = '00000000-0000-4000-8000-000000000001';

/**
 * LibreChat's category filters that are not categories: everything, the caller's own, the shared
 * ones, and those without a category.
 */
export const PROMPT_SYSTEM_CATEGORIES = {
  all: 'sys__all__sys',
  mine: 'sys__my__prompts__sys',
  shared: 'sys__shared__prompts__sys',
  none: 'sys__no__category__sys',
} as const;

/** LibreChat's categories, offered by the editor (any one-line name is accepted). */
export const PROMPT_CATEGORIES = [
  'idea',
  'travel',
  'teach_or_explain',
  'write',
  'shopping',
  'code',
  'misc',
  'roleplay',
  'finance',
] as const;

/** A prompt's type: plain text, or a chat message (LibreChat's two). */
export const PROMPT_TYPES = ['text', 'chat'] as const;
export type PromptType = (typeof PROMPT_TYPES)[number];

/** The version number of the export file this app writes and reads. */
export const PROMPT_EXPORT_VERSION = 1;

export const PROMPT_TEXTS = {
  groupNotFound: 'Prompt group not found',
  promptNotFound: 'Prompt not found',
  readOnly: 'Only the owner may change this prompt group',
  turnedOff: 'Prompts are turned off',
  createOff: 'Creating prompts is turned off',
  publicOff: 'Sharing prompts with everyone is turned off',
  tooManyGroups: `A person may have at most ${PROMPT_LIMITS.maxGroupsPerUser} prompt groups`,
  tooManyVersions: `A prompt group may have at most ${PROMPT_LIMITS.maxVersionsPerGroup} versions`,
  groupOrIdRequired: 'Either a new group or the groupId of an existing one is required',
  madeProduction: 'Prompt production made successfully',
  promptDeleted: 'Prompt deleted successfully',
  groupDeleted: 'Prompt group deleted successfully',
} as const;

/**
 * librechat.yaml's `interface.prompts`: `true` / `false`, or LibreChat's object of permissions for
 * everyone (`use`, `create`, `share`, `public`; each on unless false). `public` is sharing a group
 * with everyone; `share` (with chosen people) has no part here.
 */
export type PromptsInterface =
  | boolean
  | {
      use?: boolean | undefined;
      create?: boolean | undefined;
      share?: boolean | undefined;
      public?: boolean | undefined;
    };

/** What the prompt library lets people do under `interface.prompts` (absent: everything). */
export function promptsPolicy(setting: PromptsInterface | undefined): {
  use: boolean;
  create: boolean;
  public: boolean;
} {
  if (setting === undefined || setting === true) return { use: true, create: true, public: true };
  if (setting === false) return { use: false, create: false, public: false };
  const use = setting.use !== false;
  return { use, create: use && setting.create !== false, public: use && setting.public !== false };
}
