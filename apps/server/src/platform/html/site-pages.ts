import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  LANGUAGES,
  sitePageMeta,
  type Language,
  type SitePage,
  type SiteRenderer,
  type SiteRenderResult,
  type SiteTranslator,
} from '@chat/contract';
import { preferredLanguage } from '../accept-language.js';
import { escapeHtml, renderPageHead, type PageHead } from './spa-page.js';

/** Where the build puts the public pages' renderer, beside web/ (tools/build/build.mjs). */
const SITE_SSR_FILE = join('..', 'site-ssr', 'ssr.js');
/** The web build's manifest key of the public pages' script (apps/web/vite.config.ts). */
const SITE_ENTRY = 'src/site/client.ts';

interface SiteModule {
  renderSitePage?: SiteRenderer;
  siteTexts?: SiteTranslator;
}

/** The public pages' server module built beside `webDist`, or undefined (a build without one). */
async function importSiteModule(webDist: string): Promise<SiteModule | undefined> {
  const file = join(webDist, SITE_SSR_FILE);
  if (!existsSync(file)) return undefined;
  return (await import(pathToFileURL(file).href)) as SiteModule;
}

/** The renderer of the build whose web/ is `webDist`, or undefined (a build without one). */
export async function loadSiteRenderer(webDist: string): Promise<SiteRenderer | undefined> {
  return (await importSiteModule(webDist))?.renderSitePage;
}

/** The same build's dictionaries, for the pages a feature writes whole; undefined without one. */
export async function loadSiteTranslator(webDist: string): Promise<SiteTranslator | undefined> {
  return (await importSiteModule(webDist))?.siteTexts;
}

/** The public pages' own script and styles (hashed names), from the web build's manifest. */
export interface SiteAssets {
  scripts: string[];
  styles: string[];
}

export function readSiteAssets(webDist: string): SiteAssets {
  const file = join(webDist, '.vite', 'manifest.json');
  if (!existsSync(file)) return { scripts: [], styles: [] };
  const manifest = JSON.parse(readFileSync(file, 'utf8')) as Record<
    string,
    { file: string; css?: string[] } | undefined
  >;
  const entry = manifest[SITE_ENTRY];
  if (!entry) return { scripts: [], styles: [] };
  return { scripts: [`/${entry.file}`], styles: (entry.css ?? []).map((css) => `/${css}`) };
}

/**
 * The language of a public page: the visitor's stored choice (the cookie the language switch and
 * the app's settings write), else the first Accept-Language entry the product offers, else English.
 */
export function pageLanguage(cookie: string | undefined, acceptLanguage: string | undefined): Language {
  if (cookie && (LANGUAGES as readonly string[]).includes(cookie)) return cookie as Language;
  return preferredLanguage(acceptLanguage);
}

/** A page's data, head and status, from the pages the server knows or a feature's (the blog's). */
export interface ResolvedSitePage {
  page: SitePage;
  head: PageHead;
  status: number;
}

/** A feature's public pages: the page at a path it owns, or undefined (not its path). */
type SitePageResolver = (pathname: string) => Promise<ResolvedSitePage | undefined>;

declare module '../module.js' {
  interface ExtensionPoints {
    /** Public pages rendered from data (the blog's list and posts), asked in module order. */
    sitePages: SitePageResolver;
  }
}

const FIXED_PAGES = { '/': 'landing', '/faq': 'faq', '/pricing': 'pricing' } as const;

/** The landing page, the FAQ and pricing: their head (title, description, canonical, Open Graph). */
export function fixedSitePage(
  pathname: string,
  origin: string,
  appTitle: string,
): ResolvedSitePage | undefined {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (!Object.hasOwn(FIXED_PAGES, path)) return undefined;
  const kind = FIXED_PAGES[path as keyof typeof FIXED_PAGES];
  const meta = sitePageMeta(path)!;
  const title = meta.title ? `${meta.title} · ${appTitle}` : appTitle;
  const url = `${origin}${path}`;
  return {
    page: { kind },
    status: 200,
    head: {
      title,
      description: meta.description,
      canonical: url,
      openGraph: [
        ['type', 'website'],
        ['title', title],
        ['description', meta.description],
        ['url', url],
        ['site_name', appTitle],
      ],
    },
  };
}

/** The SPA's scripts and preloads: a public page carries its own small script instead. */
const SPA_SCRIPT = /\s*<script type="module"[^>]*><\/script>/g;
const SPA_PRELOAD = /\s*<link rel="modulepreload"[^>]*>/g;

/**
 * index.html turned into one public page: its head written (renderPageHead), the app's module
 * scripts and preloads out (/boot.js stays: it sets the theme before the first paint, and skips
 * the session refresh where it sees `data-public-page`), `<html lang dir>`, the body's class, the rendered content inside #root, the page's styles and script, and
 * the affiliate's script on the landing page when configured. No inline script.
 */
export function renderSiteDocument(
  indexHtml: string,
  head: PageHead,
  rendered: SiteRenderResult,
  assets: SiteAssets,
  affiliateScriptUrl: string | null,
): string {
  let html = renderPageHead(indexHtml, head).replace(SPA_SCRIPT, '').replace(SPA_PRELOAD, '');
  html = html.replace(
    /<html[^>]*>/,
    (tag) =>
      `${tag
        .replace(/\slang="[^"]*"/, '')
        .replace(/\sdir="[^"]*"/, '')
        .replace(/>$/, '')} lang="${escapeHtml(rendered.lang)}" dir="${rendered.dir}" data-public-page>`,
  );
  const extra = [
    ...assets.styles.map((href) => `<link rel="stylesheet" href="${escapeHtml(href)}" />`),
    ...assets.scripts.map((src) => `<script type="module" src="${escapeHtml(src)}"></script>`),
    ...(affiliateScriptUrl && rendered.bodyClass.includes('landing-page')
      ? [`<script id="affiliate-script" async src="${escapeHtml(affiliateScriptUrl)}"></script>`]
      : []),
  ];
  html = html.replace('</head>', () => `  ${extra.join('\n    ')}\n  </head>`);
  if (rendered.bodyClass)
    html = html.replace('<body>', () => `<body class="${escapeHtml(rendered.bodyClass)}">`);
  return html.replace('<div id="root"></div>', () => `<div id="root">${rendered.html}</div>`);
}

/** index.html for the app's own pages: not for search engines. */
export function withNoindex(html: string): string {
  return html.replace('</head>', () => `  <meta name="robots" content="noindex" />\n  </head>`);
}
