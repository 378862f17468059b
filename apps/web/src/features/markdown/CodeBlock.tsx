import { useRef, type ReactNode } from 'react';
import { useTranslation } from '../../hooks/useTranslation';
import { Check, Copy } from 'lucide-react';
import { useCopy } from './useCopy';

/** A fenced code block: language label and a Copy button ("Copied!" for a moment). */
export function CodeBlock({ language, children }: { language: string; children: ReactNode }) {
  const { t } = useTranslation();
  const ref = useRef<HTMLPreElement>(null);
  const { copied, copy } = useCopy();
  return (
    <div className="md-code" data-testid="code-block">
      <div className="md-code-bar">
        <span>{language || t('com_chat_code')}</span>
        <button
          type="button"
          data-testid="copy-code"
          onClick={() => copy(ref.current?.textContent ?? '')}
          className="md-code-copy"
        >
          {copied ? <Check className="size-3.5" aria-hidden /> : <Copy className="size-3.5" aria-hidden />}
          <span aria-live="polite">{copied ? t('com_chat_copied') : t('com_chat_copy_code')}</span>
        </button>
      </div>
      <pre ref={ref}>{children}</pre>
    </div>
  );
}
