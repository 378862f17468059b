import { useId, useState } from 'react';
import { ChevronDown, FileText } from 'lucide-react';
import type { FileSearchSource, Message } from '@chat/contract';
import { useTranslation } from '../../hooks/useTranslation';

/** The passages of a reply's file_search calls, once each (the same chunk found twice is one source). */
function sourcesOf(message: Message): FileSearchSource[] {
  const seen = new Set<string>();
  const out: FileSearchSource[] = [];
  for (const p of message.plugins ?? []) {
    for (const s of p.file_search?.sources ?? []) {
      const key = `${s.fileId}\n${s.content}`;
      if (seen.has(key)) continue;
      seen.add(key);
      out.push(s);
    }
  }
  return out;
}

/** One source: its file (and page), the passage shown when opened. */
function Source({ source, n }: { source: FileSearchSource; n: number }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const panel = useId();
  const page = source.pages[0];
  return (
    <li className="rounded-lg border border-border-light bg-surface-secondary" data-testid="citation">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={panel}
        onClick={() => setOpen((o) => !o)}
        className="flex w-full items-center gap-2 rounded-lg px-3 py-2 text-start text-sm text-text-primary hover:bg-surface-hover focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring-primary"
      >
        <span className="text-xs tabular-nums text-text-secondary" aria-hidden>
          {n}
        </span>
        <FileText className="size-4 shrink-0 text-text-secondary" aria-hidden />
        <span className="min-w-0 flex-1 truncate" data-testid="citation-file">
          {source.fileName}
          {page !== undefined && (
            <span className="text-text-secondary"> · {t('com_citations_page', { page })}</span>
          )}
        </span>
        <ChevronDown
          className={'size-4 shrink-0 text-text-secondary transition-transform ' + (open ? 'rotate-180' : '')}
          aria-hidden
        />
      </button>
      {open && (
        <blockquote
          id={panel}
          className="max-h-64 overflow-y-auto whitespace-pre-wrap break-words border-t border-border-light px-3 py-2 text-sm text-text-secondary"
          data-testid="citation-passage"
        >
          {source.content}
        </blockquote>
      )}
    </li>
  );
}

/** Under a reply: the passages of the user's files it drew on (file name, page; the passage on click). */
export default function Citations({ message }: { message: Message }) {
  const { t } = useTranslation();
  const sources = sourcesOf(message);
  if (sources.length === 0) return null;
  return (
    <section className="mt-1 w-full" aria-label={t('com_citations_title')} data-testid="citations">
      <h3 className="mb-1 text-xs font-semibold uppercase tracking-wide text-text-secondary">
        {t('com_citations_title')}
      </h3>
      <ol className="flex flex-col gap-1">
        {sources.map((s, i) => (
          <Source key={`${s.fileId}-${i}`} source={s} n={i + 1} />
        ))}
      </ol>
    </section>
  );
}
