import type { BlogPost, PublishedBlogPost } from './blog-schemas.js';
import type { Language } from './limits.js';

/**
 * The public site: the pages whose <title> and <meta name="description"> the
 * server writes into index.html (a crawler or a link preview sees them without running the app),
 * and the FAQ's number of questions. The web app shows the same texts through its i18n keys
 * (en.json's `com_site_*`), whose English values equal these.
 */
export interface SitePageMeta {
  /** Put before the app title ("FAQ · OmniChat"); null: the app title alone. */
  title: string | null;
  /** At most SITE_META_DESCRIPTION_MAX characters. */
  description: string;
}

/** A meta description is at most 160 characters. */
export const SITE_META_DESCRIPTION_MAX = 160;

export const SITE_PAGE_META = {
  '/': {
    title: null,
    description:
      'One place to chat with several AI providers. Pay per use or by subscription instead of paying every provider each month.',
  },
  '/faq': {
    title: 'FAQ',
    description:
      'Answers to common questions: how to use it, models, data safety, subscriptions, languages and support.',
  },
  '/pricing': {
    title: 'Pricing',
    description: 'Weekly or yearly access to several AI providers in one place, with a 3-day free trial.',
  },
  '/login': { title: 'Login', description: 'Sign in to chat with several AI providers in one place.' },
  '/register': {
    title: 'Sign up',
    description: 'Create an account to chat with several AI providers in one place.',
  },
} as const satisfies Record<string, SitePageMeta>;

export type SitePagePath = keyof typeof SITE_PAGE_META;

/** The meta of a path the server renders, or undefined (index.html's own title). */
export function sitePageMeta(pathname: string): SitePageMeta | undefined {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return Object.hasOwn(SITE_PAGE_META, path) ? SITE_PAGE_META[path as SitePagePath] : undefined;
}

/**
 * Where Help & FAQ opens unless HELP_AND_FAQ_URL names another page: the built-in FAQ. The
 * setting's "/" means this page too (LibreChat's "no page of its own").
 */
export const HELP_AND_FAQ_DEFAULT_URL = '/faq';

/** FAQ: fifteen questions (i18n keys com_site_faq_q1..q15 and com_site_faq_a1..a15). */
export const FAQ_QUESTION_COUNT = 15;

/** The pages rendered whole on the server for a visitor (content and head), crawlable and indexed. */
export const PUBLIC_SITE_PATHS = ['/', '/faq', '/pricing', '/blog'] as const;

/** Whether a path is a public page (those above or a blog post): no `noindex` there. */
export function isPublicSitePath(pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if ((PUBLIC_SITE_PATHS as readonly string[]).includes(path)) return true;
  const post = /^\/blog\/([^/]+)$/.exec(path);
  return !!post && post[1] !== 'edit' && post[1] !== 'rss.xml';
}

/**
 * The language a visitor picked, as a cookie the server reads to render a public page in it (the
 * app keeps the same choice under LOCAL_KEYS.lang). Not a secret: a language code or 'auto'.
 */
export const LANGUAGE_COOKIE = 'lang';
/** A year: the choice outlives sessions, like the local preference. */
export const LANGUAGE_COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;

/**
 * Try Now on a server-rendered page is a plain link, which carries no router state: /login reads
 * this query marker (`/login?free_tier=1`) as it reads `{ freeTier: true }` from route state (the
 * app's own Try Now links carry both).
 */
export const FREE_TIER_QUERY = 'free_tier';
export const FREE_TIER_LOGIN_HREF = `/login?${FREE_TIER_QUERY}=1`;

/** One public page's data, as the server hands it to the page renderer (apps/web/src/site/ssr.tsx). */
export type SitePage =
  | { kind: 'landing' }
  | { kind: 'faq' }
  | { kind: 'pricing' }
  | { kind: 'blog'; posts: BlogPost[] }
  | { kind: 'post'; post: PublishedBlogPost | null };

export interface SiteRenderInput {
  /** The address rendered (the links' active state, the router's location). */
  path: string;
  page: SitePage;
  language: Language;
  /** What the pages read of the startup config. */
  config: {
    appTitle: string;
    affiliateReferUrl: string | null;
    affiliateScriptUrl: string | null;
    subscriptionsEnabled: boolean;
    freeTierEnabled: boolean;
    contactEmail: string | null;
    socialLinks: { name: string; url: string }[];
  };
  /**
   * The request carried the session hint cookie: the browser probably holds a session, so the
   * header offers the chat instead of Login and Try.
   */
  signedIn: boolean;
}

export interface SiteRenderResult {
  /** The page's body content (what goes inside #root). */
  html: string;
  /** `<html lang dir>`. */
  lang: string;
  dir: 'ltr' | 'rtl';
  /** `<body class>` (the landing page's `landing-page`). */
  bodyClass: string;
}

/** The server-side build of the public pages (site/ssr.tsx's `renderSitePage`). */
export type SiteRenderer = (input: SiteRenderInput) => SiteRenderResult;

/** Texts of the web's dictionaries in one language, for a page the server writes itself. */
export interface SiteTexts {
  /** `<html lang dir>`. */
  lang: string;
  dir: 'ltr' | 'rtl';
  /** Each key asked for: its text in the language, else in English (else the key). */
  texts: Readonly<Record<string, string>>;
}

/**
 * The same build's texts (site/ssr.tsx's `siteTexts`): a page the server writes whole (a shared
 * link's) reads the dictionaries the rendered public pages use.
 */
export type SiteTranslator = (language: Language, keys: readonly string[]) => SiteTexts;
