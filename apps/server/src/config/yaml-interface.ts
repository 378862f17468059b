import { z } from 'zod';
import {
  DEFAULT_INTERFACE_CONFIG,
  INTERFACE_TEXT_LIMITS,
  INTERFACE_TOGGLES,
  interfacePermissionsSchema,
  TEMPORARY_CHAT_RETENTION,
  type InterfaceConfig,
  type ModelSpecsConfig,
} from '@chat/contract';

/**
 * librechat.yaml `interface`: what the chat view shows. The keys of LibreChat's block that this
 * product has a part for are checked here; the others (multiConvo, sidePanel, …)
 * are unknown to the strict object, so the file loader lists them in its start-up warning.
 */

const httpUrl = z
  .string()
  .trim()
  .refine((v) => {
    try {
      return ['http:', 'https:'].includes(new URL(v).protocol);
    } catch {
      return false;
    }
  }, 'must be an http(s) URL');

const externalLink = {
  externalUrl: httpUrl.optional(),
  openNewTab: z.boolean().optional(),
};

/** LibreChat takes the terms' text as one string or as a list of lines. */
const modalContent = z
  .union([z.string(), z.array(z.string())])
  .transform((v) => (Array.isArray(v) ? v.join('\n') : v))
  .pipe(z.string().max(INTERFACE_TEXT_LIMITS.modalContent));

export const yamlInterfaceSchema = z.strictObject({
  customWelcome: z.string().trim().max(INTERFACE_TEXT_LIMITS.customWelcome).optional(),
  privacyPolicy: z.strictObject(externalLink).optional(),
  termsOfService: z
    .strictObject({
      ...externalLink,
      modalAcceptance: z.boolean().optional(),
      modalTitle: z.string().trim().max(INTERFACE_TEXT_LIMITS.modalTitle).optional(),
      modalContent: modalContent.optional(),
    })
    .optional(),
  endpointsMenu: z.boolean().optional(),
  modelSelect: z.boolean().optional(),
  parameters: z.boolean().optional(),
  presets: z.boolean().optional(),
  bookmarks: z.boolean().optional(),
  // On or off, or LibreChat's permissions for everyone (see promptsPolicy).
  prompts: interfacePermissionsSchema.optional(),
  // LibreChat's permissions for everyone over agents (config/agents-yaml.ts reads them).
  agents: interfacePermissionsSchema.optional(),
  temporaryChat: z.boolean().optional(),
  // Hours, within LibreChat's bounds (a value outside them is refused, as its schema does).
  temporaryChatRetention: z
    .number()
    .min(TEMPORARY_CHAT_RETENTION.minHours)
    .max(TEMPORARY_CHAT_RETENTION.maxHours)
    .optional(),
});
export type YamlInterface = z.output<typeof yamlInterfaceSchema>;

/**
 * What GET /api/config sends: the file's values over the defaults (every part shown). With model
 * specs, as in LibreChat, the parts the file leaves unset default to hidden (the specs are the
 * menu): the model menu shows only when `modelSpecs.addedEndpoints` names endpoints to offer too.
 */
export function interfaceConfigFrom(
  block: YamlInterface | undefined,
  specs?: Pick<ModelSpecsConfig, 'addedEndpoints'> | undefined,
): InterfaceConfig {
  const out: InterfaceConfig = specs
    ? {
        endpointsMenu: false,
        modelSelect: (specs.addedEndpoints?.length ?? 0) > 0,
        parameters: false,
        presets: false,
      }
    : { ...DEFAULT_INTERFACE_CONFIG };
  if (!block) return out;
  for (const key of INTERFACE_TOGGLES) {
    const v = block[key];
    if (v !== undefined) out[key] = v;
  }
  // Bookmarks are the person's own, not a model menu: model specs leave them shown.
  if (block.bookmarks !== undefined) out.bookmarks = block.bookmarks;
  // The prompt library is the person's own too: model specs leave it shown.
  if (block.prompts !== undefined) {
    out.prompts = typeof block.prompts === 'boolean' ? block.prompts : { ...block.prompts };
  }
  // Temporary chats are not a model menu either: model specs leave them as the file says.
  if (block.temporaryChat !== undefined) out.temporaryChat = block.temporaryChat;
  if (block.temporaryChatRetention !== undefined) out.temporaryChatRetention = block.temporaryChatRetention;
  if (block.customWelcome) out.customWelcome = block.customWelcome;
  if (block.privacyPolicy) out.privacyPolicy = { ...block.privacyPolicy };
  if (block.termsOfService) out.termsOfService = { ...block.termsOfService };
  return out;
}

/** Bookmarks (conversation tags) are on unless `interface.bookmarks` is false. */
export function bookmarksOn(config: Pick<InterfaceConfig, 'bookmarks'> | undefined): boolean {
  return config?.bookmarks !== false;
}
