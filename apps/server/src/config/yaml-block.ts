import type { z } from 'zod';
import type { Env } from './env.js';
import type { YamlRateLimitEntry } from './yaml-rate-limits.js';

/**
 * A librechat.yaml block a feature owns, declared in its own folder (`features/<name>/yaml.ts`)
 * the way it declares its environment in `settings.ts`: the block's schema under LibreChat's key,
 * what start-up keeps of it once the file is read, and the part of the app config it feeds.
 * `config/feature-yaml.ts` lists the declarations; the file loader (`config/yaml-config.ts`) puts
 * every block into the one schema it checks, so a start with bad values still names them all,
 * each by its path in the document.
 */

/** A string of the file whose `${VAR}` references are read from the environment (unset: an error). */
export type EnvString = z.ZodType<string, string>;

/** What reading the file knows besides the block itself. */
export interface YamlFileFacts<Limit extends string> {
  /** The custom endpoints the file declares (`endpoints.custom[].name`), in file order. */
  customNames: readonly string[];
  /**
   * The block's own `rateLimits` entries (those its declaration names), each there when the file
   * writes it, even empty (`tts:` reads as null).
   */
  rateLimits: Partial<Record<Limit, YamlRateLimitEntry | null>>;
  /** A value read that cannot be honoured as LibreChat would: named in the one start-up warning. */
  unhonoured: (path: string, why: string) => void;
}

/** What building the app config knows besides the kept block. */
export interface YamlAppFacts {
  env: Env;
  /** Every configured endpoint's name: the environment's and the file's. */
  endpointNames: readonly string[];
  /** A value the file sets that cannot be honoured: a warning of its own, naming the file. */
  unhonoured: (path: string, why: string) => void;
  /** Any other warning about the block; the file's name is put before it. */
  warn: (msg: string) => void;
}

/**
 * One block. `Block` is what its schema gives, `Kept` what start-up keeps once the file is read
 * (`YamlConfig[key]`), `Part` the fields of `AppConfig` it fills (its absence included: `Part`
 * is built whether or not the file has the block). Members are methods so that a list of
 * declarations of different blocks is one array type.
 */
export interface YamlBlock<
  Key extends string,
  Block,
  Kept,
  Part extends object,
  Limit extends string = never,
> {
  /** The top-level key, LibreChat's name. A block written empty (`memory:`) reads as absent. */
  key: Key;
  /** The block as the file writes it; unknown keys are named as ignored, bad values stop start-up. */
  schema(str: EnvString): z.ZodType<Block, unknown>;
  /** Entries of the shared `rateLimits` block this feature reads (LibreChat's `rateLimits.<name>`). */
  rateLimits?: readonly Limit[] | undefined;
  /** Paths of keys the schema takes but that are not read (named with the unknown keys). */
  ignored?(block: Block | undefined): string[];
  /** What is kept of the file's block (absent: undefined); runs for every file read. */
  fromFile(block: Block | undefined, file: YamlFileFacts<Limit>): Kept | undefined;
  /** The app config's part, with or without a file (`kept` is then undefined). */
  toConfig(kept: Kept | undefined, app: YamlAppFacts): Part;
}

/** Any declaration, as the loader walks the list. */
export type AnyYamlBlock = YamlBlock<string, unknown, unknown, object, string>;

/** A declaration, its types inferred from what it says. */
export function yamlBlock<Key extends string, Block, Kept, Part extends object, Limit extends string = never>(
  declaration: YamlBlock<Key, Block, Kept, Part, Limit>,
): YamlBlock<Key, Block, Kept, Part, Limit> {
  return declaration;
}
