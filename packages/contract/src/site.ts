/**
 * The public site (business spec §2): the pages whose <title> and <meta name="description"> the
 * server writes into index.html (a crawler or a link preview sees them without running the app),
 * and the FAQ's number of questions. The web app shows the same texts through its i18n keys
 * (en.json's `com_site_*`), whose English values equal these.
 */
export interface SitePageMeta {
  /** Put before the app title ("FAQ · OmniChat"); null: the app title alone. */
  title: string | null;
  /** At most SITE_META_DESCRIPTION_MAX characters (spec §9). */
  description: string;
}

/** Spec §9: a meta description is at most 160 characters. */
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

/** Spec §2 FAQ: fifteen questions (i18n keys com_site_faq_q1..q15 and com_site_faq_a1..a15). */
export const FAQ_QUESTION_COUNT = 15;
