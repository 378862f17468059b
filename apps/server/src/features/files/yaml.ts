import { z } from 'zod';
import {
  DEFAULT_FILE_CONFIG,
  FILE_CONFIG_CEILINGS,
  mbToBytes,
  NO_FILE_ENDPOINTS,
  UPLOAD_LIMITS,
  type EndpointFileConfig,
  type FileConfig,
} from '@chat/contract';
import { yamlBlock } from '../../config/yaml-block.js';

/**
 * librechat.yaml `fileConfig`: per endpoint (or `default`, or `custom` for every custom
 * endpoint without an entry of its own) whether uploads are on, how many files at once, their
 * sizes in MB and the MIME types taken (regular expressions, as LibreChat writes them); and the
 * server's own size limits. LibreChat's other keys (ocr, text, clientImageResize, …) are unknown
 * here and named in the start-up warning.
 */
const regexSource = z.string().superRefine((source, ctx) => {
  try {
    new RegExp(source);
  } catch (err) {
    ctx.addIssue({
      code: 'custom',
      message: `is not a valid regular expression (${err instanceof Error ? err.message : 'unreadable'})`,
    });
  }
});
const megabytes = z.number().min(0).max(1_000_000);
const endpointEntry = z.strictObject({
  disabled: z.boolean().optional(),
  fileLimit: z.number().int().min(0).max(1_000_000).optional(),
  fileSizeLimit: megabytes.optional(),
  totalSizeLimit: megabytes.optional(),
  supportedMimeTypes: z.array(regexSource).optional(),
});
const yamlFileConfigSchema = z.strictObject({
  endpoints: z.record(z.string().min(1).max(100), endpointEntry).optional(),
  serverFileSizeLimit: megabytes.optional(),
  avatarSizeLimit: megabytes.optional(),
});
export type YamlFileConfig = z.output<typeof yamlFileConfigSchema>;
type Entry = z.output<typeof endpointEntry>;

/** LibreChat's key for the settings every custom endpoint without its own entry takes. */
const CUSTOM_KEY = 'custom';

const OFF: EndpointFileConfig = {
  disabled: true,
  fileLimit: 0,
  fileSizeLimit: 0,
  totalSizeLimit: 0,
  supportedMimeTypes: [],
};

/**
 * The file config in force: each endpoint's entry over the effective `default` (the file's
 * `default` over the built-in one), field by field, as LibreChat merges them; `disabled: true`
 * turns everything off. A value above FILE_CONFIG_CEILINGS is lowered to it and named in
 * `unhonoured`, and so is a type list that lets in no image this product takes. Every custom
 * endpoint in `customNames` without an entry of its own takes the `custom` entry when there is
 * one. Endpoints that never take files stay disabled whatever the file says.
 */
export function resolveFileConfig(
  yaml: YamlFileConfig | undefined,
  customNames: readonly string[],
  unhonoured: (path: string, why: string) => void,
): FileConfig {
  const builtIn = DEFAULT_FILE_CONFIG.endpoints.default!;
  const capped = (path: string, value: number, ceiling: number, unit: string) => {
    if (value <= ceiling) return value;
    unhonoured(`fileConfig.${path}`, `at most ${ceiling}${unit} here`);
    return ceiling;
  };
  const serverFileSizeLimit =
    yaml?.serverFileSizeLimit === undefined
      ? DEFAULT_FILE_CONFIG.serverFileSizeLimit
      : capped(
          'serverFileSizeLimit',
          mbToBytes(yaml.serverFileSizeLimit),
          FILE_CONFIG_CEILINGS.serverFileSizeBytes,
          ' bytes',
        );
  const avatarSizeLimit =
    yaml?.avatarSizeLimit === undefined
      ? DEFAULT_FILE_CONFIG.avatarSizeLimit
      : capped(
          'avatarSizeLimit',
          mbToBytes(yaml.avatarSizeLimit),
          FILE_CONFIG_CEILINGS.avatarSizeBytes,
          ' bytes',
        );

  const over = (key: string, entry: Entry, base: EndpointFileConfig): EndpointFileConfig => {
    if (entry.disabled === true) return OFF;
    const path = `endpoints.${key}`;
    let types = base.supportedMimeTypes;
    if (entry.supportedMimeTypes) {
      const patterns = entry.supportedMimeTypes.map((s) => new RegExp(s));
      types = UPLOAD_LIMITS.imageTypes.filter((t) => patterns.some((p) => p.test(t)));
      if (types.length === 0)
        unhonoured(`fileConfig.${path}.supportedMimeTypes`, 'only JPEG, PNG and WebP images are taken here');
    }
    return {
      disabled: entry.disabled ?? base.disabled,
      fileLimit:
        entry.fileLimit === undefined
          ? base.fileLimit
          : capped(`${path}.fileLimit`, entry.fileLimit, FILE_CONFIG_CEILINGS.fileLimit, ' files'),
      fileSizeLimit:
        entry.fileSizeLimit === undefined
          ? base.fileSizeLimit
          : capped(
              `${path}.fileSizeLimit`,
              mbToBytes(entry.fileSizeLimit),
              FILE_CONFIG_CEILINGS.fileSizeBytes,
              ' bytes',
            ),
      totalSizeLimit:
        entry.totalSizeLimit === undefined
          ? base.totalSizeLimit
          : capped(
              `${path}.totalSizeLimit`,
              mbToBytes(entry.totalSizeLimit),
              FILE_CONFIG_CEILINGS.totalSizeBytes,
              ' bytes',
            ),
      supportedMimeTypes: [...types],
    };
  };

  const entries = yaml?.endpoints ?? {};
  const fallback = entries.default ? over('default', entries.default, builtIn) : builtIn;
  const endpoints: Record<string, EndpointFileConfig> = { default: fallback };
  for (const [key, entry] of Object.entries(entries)) {
    if (key !== 'default') endpoints[key] = over(key, entry, fallback);
  }
  const custom = endpoints[CUSTOM_KEY];
  if (custom) for (const name of customNames) endpoints[name] ??= custom;
  for (const name of NO_FILE_ENDPOINTS) endpoints[name] = OFF;
  return { endpoints, serverFileSizeLimit, avatarSizeLimit };
}

/**
 * The `fileConfig` block: resolved when the file is read (its custom endpoints are known then);
 * none kept without the block (the built-in limits).
 */
export const fileConfigYaml = yamlBlock({
  key: 'fileConfig',
  schema: () => yamlFileConfigSchema,
  fromFile: (block: YamlFileConfig | undefined, { customNames, unhonoured }) =>
    block ? resolveFileConfig(block, customNames, unhonoured) : undefined,
  toConfig: (fileConfig: FileConfig | undefined): FileConfigAppConfig => ({ fileConfig }),
});

/** What the block gives the app config (AppConfig is made of these parts, config/feature-yaml.ts). */
export interface FileConfigAppConfig {
  /** The upload limits per endpoint (librechat.yaml `fileConfig`); the built-in ones when absent. */
  fileConfig?: FileConfig | undefined;
}
