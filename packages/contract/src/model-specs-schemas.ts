import { z } from 'zod';
import { conversationOptionsSchema } from './entities-schemas.js';

/** One spec as GET /api/config sends it (the server checked the file's values at start-up). */
export const modelSpecSchema = z.object({
  name: z.string(),
  label: z.string(),
  description: z.string().optional(),
  iconURL: z.string().optional(),
  default: z.boolean().optional(),
  showIconInMenu: z.boolean().optional(),
  showIconInHeader: z.boolean().optional(),
  showInMenu: z.boolean().optional(),
  group: z.string().optional(),
  order: z.number().optional(),
  preset: conversationOptionsSchema.extend({ endpoint: z.string(), model: z.string() }),
});

/** `modelSpecs` of GET /api/config (LibreChat's startup-config field). */
export const modelSpecsConfigSchema = z.object({
  enforce: z.boolean(),
  prioritize: z.boolean(),
  list: z.array(modelSpecSchema),
  addedEndpoints: z.array(z.string()).optional(),
});
