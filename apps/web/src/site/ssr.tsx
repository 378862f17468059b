import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import {
  VALIDATION_TEXTS,
  type Language,
  type SitePage,
  type SiteRenderInput,
  type SiteRenderResult,
  type SiteTexts,
} from '@chat/contract';
import { intlLocale } from '../config/locale';
import { i18n, type Dictionary } from '../state/translator';
import { ThemeProvider } from '../state/theme';
import { FaqPage, LandingPage, PricingPage, SiteConfigProvider } from '../features/site';
import { BlogListView, BlogPostView } from '../features/blog';

/*
 * The public pages rendered on the server (vite build --ssr, loaded by the server at start): the
 * same components the app shows, as whole HTML, so a visitor's first response has the content and
 * the page needs no React in the browser (its few behaviours are site/client.ts).
 */

// Every text at once, the shared set's and each feature's: a server renders any language on any
// request. A file's name is its language (`en` is English).
const dictionaries = import.meta.glob<Dictionary>(['../locales/*.json', '../features/**/locales/*.json'], {
  eager: true,
  import: 'default',
});
i18n.addResourceBundle('en-US', 'translation', VALIDATION_TEXTS);
for (const [path, dictionary] of Object.entries(dictionaries)) {
  const lang = /\/([^/]+)\.json$/.exec(path)?.[1];
  if (lang) i18n.addResourceBundle(lang === 'en' ? 'en-US' : lang, 'translation', dictionary);
}

function Page({ page }: { page: SitePage }) {
  switch (page.kind) {
    case 'landing':
      return <LandingPage />;
    case 'faq':
      return <FaqPage />;
    case 'pricing':
      return <PricingPage />;
    case 'blog':
      return <BlogListView posts={page.posts} isError={false} query="" />;
    case 'post':
      return <BlogPostView state={page.post ? { kind: 'post', post: page.post } : { kind: 'missing' }} />;
  }
}

/**
 * One page as HTML. Rendering is synchronous, so switching the shared translator to the request's
 * language just before is safe: no other request renders in between.
 */
export function renderSitePage(input: SiteRenderInput): SiteRenderResult {
  void i18n.changeLanguage(input.language);
  // Nothing is fetched on the server: the pages' data comes in `input`.
  const queries = new QueryClient({ defaultOptions: { queries: { enabled: false, retry: false } } });
  const html = renderToString(
    <QueryClientProvider client={queries}>
      <SiteConfigProvider value={{ ...input.config, signedIn: input.signedIn }}>
        <ThemeProvider>
          <StaticRouter location={input.path}>
            <Page page={input.page} />
          </StaticRouter>
        </ThemeProvider>
      </SiteConfigProvider>
    </QueryClientProvider>,
  );
  // No query outlives the request (their garbage-collection timers would keep piling up).
  queries.clear();
  return {
    html,
    lang: intlLocale(input.language),
    dir: i18n.dir(input.language),
    bodyClass: input.page.kind === 'landing' ? 'landing-page' : '',
  };
}

/**
 * Texts of the same dictionaries for a page the server writes itself (a shared link's), looked up
 * at once: synchronous like `renderSitePage`, so the translator's language is the request's.
 */
export function siteTexts(language: Language, keys: readonly string[]): SiteTexts {
  void i18n.changeLanguage(language);
  return {
    lang: intlLocale(language),
    dir: i18n.dir(language),
    texts: Object.fromEntries(keys.map((key) => [key, i18n.t(key)])),
  };
}
