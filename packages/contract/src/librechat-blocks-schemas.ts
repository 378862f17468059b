import { z } from 'zod';

const externalLinkSchema = z.object({
  externalUrl: z.string().optional(),
  openNewTab: z.boolean().optional(),
});

/**
 * LibreChat's permissions for everyone over a part of the product (`interface.prompts`,
 * `interface.agents`): on or off, or `{ use, create, share, public }`.
 */
export const interfacePermissionsSchema = z.union([
  z.boolean(),
  z.object({
    use: z.boolean().optional(),
    create: z.boolean().optional(),
    share: z.boolean().optional(),
    public: z.boolean().optional(),
  }),
]);

/** `interface` of GET /api/config (LibreChat's startup config field). */
export const interfaceConfigSchema = z.object({
  customWelcome: z.string().optional(),
  privacyPolicy: externalLinkSchema.optional(),
  termsOfService: externalLinkSchema
    .extend({
      modalAcceptance: z.boolean().optional(),
      modalTitle: z.string().optional(),
      modalContent: z.string().optional(),
    })
    .optional(),
  endpointsMenu: z.boolean(),
  modelSelect: z.boolean(),
  parameters: z.boolean(),
  presets: z.boolean(),
  /** Bookmarks (conversation tags): the header's bookmark menu, the sidebar's filter; shown when absent. */
  bookmarks: z.boolean().optional(),
  /**
   * The prompt library (the message box's "/" list and the Prompts screen): on or off, or
   * LibreChat's permissions `{ use, create, share, public }`; everything allowed when absent.
   */
  prompts: interfacePermissionsSchema.optional(),
  /** The chat header's temporary chat toggle; shown when absent. */
  temporaryChat: z.boolean().optional(),
  /** Hours a temporary chat is kept after its last message (LibreChat's default when absent). */
  temporaryChatRetention: z.number().optional(),
});
export type InterfaceConfig = z.infer<typeof interfaceConfigSchema>;
