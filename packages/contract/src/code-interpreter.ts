// The code interpreter's limits and names, zod-free.

/** The tool's name as LibreChat's agents call it. */
export const CODE_TOOL_NAME = 'execute_code';

/** The languages the tool accepts (LibreChat's `lang` values); only Python runs here. */
export const CODE_LANGS = ['py'] as const;

/** Where Python sees the conversation's files (read-only) and writes what it returns. */
export const CODE_PATHS = {
  data: '/mnt/data',
  output: '/mnt/output',
} as const;

export const CODE_LIMITS = {
  /** One run may take this long before its worker is ended and the run reported as a timeout. */
  timeoutMs: 30_000,
  /** The interpreter's WebAssembly memory may grow to this many megabytes (MemoryError past it). */
  memoryMb: 512,
  /** The worker's JavaScript heap (resourceLimits.maxOldGenerationSizeMb). */
  heapMb: 128,
  /** stdout and stderr together keep this many characters; the rest is cut and said to be. */
  outputMaxChars: 20_000,
  /** Files returned from the output folder, at most. */
  maxFiles: 10,
  /** A returned file may be this large; a larger one is named but not returned. */
  maxFileBytes: 5 * 1024 * 1024,
  /** Files mounted under /mnt/data, at most, and their total size. */
  maxInputFiles: 20,
  maxInputBytes: 50 * 1024 * 1024,
  /** The code itself, in characters. */
  maxCodeChars: 100_000,
  /** Workers loaded and waiting, plus those running, at most. */
  poolSize: 2,
} as const;
