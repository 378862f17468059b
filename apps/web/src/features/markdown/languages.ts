import type { LanguageFn } from 'highlight.js';
import { createLowlight } from 'lowlight';
import { CODE_LANGUAGES, type CodeLanguage } from '@chat/contract';

type GrammarModule = { default: LanguageFn };

/** Each grammar is its own small chunk, fetched the first time a fence names its language. */
const GRAMMARS: Record<CodeLanguage, () => Promise<GrammarModule>> = {
  python: () => import('highlight.js/lib/languages/python'),
  javascript: () => import('highlight.js/lib/languages/javascript'),
  typescript: () => import('highlight.js/lib/languages/typescript'),
  java: () => import('highlight.js/lib/languages/java'),
  go: () => import('highlight.js/lib/languages/go'),
  bash: () => import('highlight.js/lib/languages/bash'),
  sql: () => import('highlight.js/lib/languages/sql'),
  c: () => import('highlight.js/lib/languages/c'),
  cpp: () => import('highlight.js/lib/languages/cpp'),
  csharp: () => import('highlight.js/lib/languages/csharp'),
  php: () => import('highlight.js/lib/languages/php'),
  ruby: () => import('highlight.js/lib/languages/ruby'),
  rust: () => import('highlight.js/lib/languages/rust'),
  kotlin: () => import('highlight.js/lib/languages/kotlin'),
  swift: () => import('highlight.js/lib/languages/swift'),
  objectivec: () => import('highlight.js/lib/languages/objectivec'),
  scala: () => import('highlight.js/lib/languages/scala'),
  r: () => import('highlight.js/lib/languages/r'),
  perl: () => import('highlight.js/lib/languages/perl'),
  lua: () => import('highlight.js/lib/languages/lua'),
  dart: () => import('highlight.js/lib/languages/dart'),
  haskell: () => import('highlight.js/lib/languages/haskell'),
  powershell: () => import('highlight.js/lib/languages/powershell'),
  shell: () => import('highlight.js/lib/languages/shell'),
  json: () => import('highlight.js/lib/languages/json'),
  yaml: () => import('highlight.js/lib/languages/yaml'),
  xml: () => import('highlight.js/lib/languages/xml'),
  css: () => import('highlight.js/lib/languages/css'),
  scss: () => import('highlight.js/lib/languages/scss'),
  markdown: () => import('highlight.js/lib/languages/markdown'),
  dockerfile: () => import('highlight.js/lib/languages/dockerfile'),
  graphql: () => import('highlight.js/lib/languages/graphql'),
  diff: () => import('highlight.js/lib/languages/diff'),
  ini: () => import('highlight.js/lib/languages/ini'),
  makefile: () => import('highlight.js/lib/languages/makefile'),
  latex: () => import('highlight.js/lib/languages/latex'),
};

/** Names models write after a fence, for the grammar that reads them. */
const ALIASES: Record<string, CodeLanguage> = {
  py: 'python',
  python3: 'python',
  js: 'javascript',
  jsx: 'javascript',
  mjs: 'javascript',
  cjs: 'javascript',
  node: 'javascript',
  ts: 'typescript',
  tsx: 'typescript',
  golang: 'go',
  sh: 'bash',
  zsh: 'bash',
  console: 'shell',
  shellsession: 'shell',
  h: 'c',
  'c++': 'cpp',
  cc: 'cpp',
  hpp: 'cpp',
  cs: 'csharp',
  'c#': 'csharp',
  rb: 'ruby',
  rs: 'rust',
  kt: 'kotlin',
  objc: 'objectivec',
  'objective-c': 'objectivec',
  pl: 'perl',
  ps: 'powershell',
  ps1: 'powershell',
  pwsh: 'powershell',
  yml: 'yaml',
  html: 'xml',
  xhtml: 'xml',
  svg: 'xml',
  md: 'markdown',
  docker: 'dockerfile',
  gql: 'graphql',
  patch: 'diff',
  toml: 'ini',
  make: 'makefile',
  mk: 'makefile',
  tex: 'latex',
};

const KNOWN = new Set<string>(CODE_LANGUAGES);

/** The grammar for a fence's language name, or null when it is not one we highlight. */
export function grammarFor(fenceLanguage: string): CodeLanguage | null {
  const name = fenceLanguage.toLowerCase();
  if (KNOWN.has(name)) return name as CodeLanguage;
  return ALIASES[name] ?? null;
}

/** One highlighter for every render, holding the grammars loaded so far. */
export const lowlight = createLowlight();

const loading = new Map<CodeLanguage, Promise<void>>();

export function grammarLoaded(language: CodeLanguage): boolean {
  return lowlight.registered(language);
}

/** Loads and registers a grammar once (a failed load is tried again next time). */
export function loadGrammar(language: CodeLanguage): Promise<void> {
  let pending = loading.get(language);
  if (!pending) {
    pending = GRAMMARS[language]().then(
      (m) => lowlight.register(language, m.default),
      (err: unknown) => {
        loading.delete(language);
        throw err;
      },
    );
    loading.set(language, pending);
  }
  return pending;
}

const FENCE_INFO = /^ {0,3}(?:`{3,}|~{3,})[ \t]*([^\s`{]+)/gm;

/** Highlighted languages a text's fences name whose grammar is not loaded yet. */
export function missingGrammars(text: string): CodeLanguage[] {
  if (!text.includes('```') && !text.includes('~~~')) return [];
  const missing = new Set<CodeLanguage>();
  for (const m of text.matchAll(FENCE_INFO)) {
    const language = grammarFor(m[1]!);
    if (language && !grammarLoaded(language)) missing.add(language);
  }
  return [...missing];
}
