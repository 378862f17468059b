import { FAQ_QUESTION_COUNT } from '@chat/contract';
import { useTranslation } from '../../hooks/useTranslation';
import { Accordion, type AccordionItem } from './Accordion';
import { LinkedText } from './LinkedText';
import { SiteLayout } from './SiteLayout';
import { usePageMeta } from './usePageMeta';
import { useSiteConfig } from './site-config';

/** /faq: the fifteen questions as an accordion, then the contact note. */
export default function FaqPage() {
  const { t } = useTranslation();
  const config = useSiteConfig();
  usePageMeta(t('com_site_faq_page_title'), t('com_site_faq_description'));
  const app = config?.appTitle ?? '';
  const items: AccordionItem[] = Array.from({ length: FAQ_QUESTION_COUNT }, (_, i) => ({
    title: t(`com_site_faq_q${i + 1}`, { app }),
    content: (
      <p>
        <LinkedText text={t(`com_site_faq_a${i + 1}`, { app })} />
      </p>
    ),
  }));
  return (
    <SiteLayout>
      <div data-testid="faq" className="mx-auto w-full max-w-3xl px-4 py-10 sm:px-6 sm:py-16">
        <h1 className="mb-8 text-center text-3xl font-bold tracking-tight text-text-primary sm:text-4xl">
          {t('com_site_faq_title')}
        </h1>
        <Accordion items={items} />
        <p data-testid="faq-contact" className="mt-8 text-center text-sm text-text-secondary">
          {t('com_site_faq_contact')}
          {config?.contactEmail && (
            <>
              {' '}
              <a
                href={`mailto:${config.contactEmail}`}
                className="font-medium text-ring-primary hover:underline"
              >
                {config.contactEmail}
              </a>
            </>
          )}
        </p>
      </div>
    </SiteLayout>
  );
}
