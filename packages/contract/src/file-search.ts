// File search ("files you can ask"): its limits, names and choices, zod-free.

/** The tool's name and the upload's `tool_resource`, as LibreChat names them. */
export const FILE_SEARCH_TOOL = 'file_search';

/** Where a file stands in its ingestion: read and split in the background after the upload. */
export const FILE_SEARCH_STATES = ['processing', 'ready', 'failed'] as const;
export type FileSearchState = (typeof FILE_SEARCH_STATES)[number];

/**
 * The document types file search reads, by extension: the client may send any type, so the
 * server goes by the name (and refuses a binary where text is expected).
 */
export const FILE_SEARCH_TYPES = {
  txt: 'text/plain',
  md: 'text/markdown',
  markdown: 'text/markdown',
  csv: 'text/csv',
  json: 'application/json',
  html: 'text/html',
  xml: 'application/xml',
  yaml: 'application/yaml',
  yml: 'application/yaml',
  log: 'text/plain',
  js: 'text/javascript',
  mjs: 'text/javascript',
  ts: 'text/x-typescript',
  tsx: 'text/x-typescript',
  jsx: 'text/javascript',
  py: 'text/x-python',
  rb: 'text/x-ruby',
  go: 'text/x-go',
  rs: 'text/x-rust',
  java: 'text/x-java',
  kt: 'text/x-kotlin',
  c: 'text/x-c',
  h: 'text/x-c',
  cpp: 'text/x-c++',
  cs: 'text/x-csharp',
  php: 'text/x-php',
  sh: 'text/x-shellscript',
  sql: 'text/x-sql',
  css: 'text/css',
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
} as const;
export type FileSearchExtension = keyof typeof FILE_SEARCH_TYPES;

/** The extension of a file name that file search reads, else null. */
export function fileSearchExtension(filename: string): FileSearchExtension | null {
  const ext = filename.toLowerCase().split('.').pop() ?? '';
  return Object.hasOwn(FILE_SEARCH_TYPES, ext) && filename.includes('.')
    ? (ext as FileSearchExtension)
    : null;
}

/** The `accept` list of the file picker for file search. */
export const FILE_SEARCH_ACCEPT = Object.keys(FILE_SEARCH_TYPES)
  .map((e) => `.${e}`)
  .join(',');

export const FILE_SEARCH_LIMITS = {
  /** One document's upload, at most. */
  maxFileBytes: 20 * 1024 * 1024,
  /** Text taken from one document, at most (the rest is left out and the file says so). */
  maxTextChars: 2_000_000,
  /** Pages of a PDF read, at most. */
  maxPdfPages: 2_000,
  /** Chunks one document is split into, at most. */
  maxChunksPerFile: 5_000,
  /** LibreChat's rag_api defaults (CHUNK_SIZE, CHUNK_OVERLAP), in characters. */
  defaultChunkSize: 1500,
  defaultChunkOverlap: 100,
  minChunkSize: 100,
  maxChunkSize: 8000,
  /** Documents read and embedded at once on this server, and per person. */
  concurrency: 2,
  perUserConcurrency: 1,
  /** Documents waiting for their turn; past this an upload is refused (busy). */
  maxQueued: 200,
  /** Chunks sent to the embeddings endpoint per request. */
  embedBatch: 64,
  /** One embeddings request may take this long. */
  embedTimeoutMs: 60_000,
  /** Passages a search answers (LibreChat asks its RAG service for 5 per file). */
  topK: 5,
  /**
   * A passage found only by its vector must be at least this similar (cosine) to the query:
   * nearest neighbours always exist, near or not, and a far one is noise the model would read.
   */
  minSimilarity: 0.2,
  /** The model's query, in characters. */
  queryMaxChars: 2000,
  /** Searchable files one conversation offers the tool, at most (newest first). */
  maxFilesPerConversation: 100,
  /** The failure reason kept on a file. */
  errorMaxChars: 500,
  /** How often the web asks a processing file's state. */
  pollMs: 1000,
  /**
   * How long the web keeps asking before it shows the document as not read in time (kept out of
   * the message; the person may remove it and try again).
   */
  pollMaxMs: 10 * 60_000,
} as const;

/** How vector and full-text ranks are mixed (reciprocal rank fusion's usual constant). */
export const FILE_SEARCH_RRF_K = 60;

/** LibreChat's defaults for the embeddings provider (EMBEDDINGS_PROVIDER, EMBEDDINGS_MODEL). */
export const EMBEDDINGS_DEFAULTS = {
  provider: 'openai',
  model: 'text-embedding-3-small',
  baseURL: 'https://api.openai.com/v1',
} as const;
export const EMBEDDINGS_PROVIDERS = ['openai'] as const;
