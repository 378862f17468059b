import { useId } from 'react';
import { Plus, Trash2 } from 'lucide-react';
import { CHAT_LIMITS, GOOGLE_EXAMPLES_MAX, type Example } from '@chat/contract';
import { useTranslation } from '../../hooks/useTranslation';
import { IconButton } from '../../components/ui/IconButton';

const EMPTY: Example = { input: { content: '' }, output: { content: '' } };

const FIELD =
  'w-full resize-y rounded-md border border-border-medium bg-surface-primary px-2 py-1.5 text-sm text-text-primary focus:border-ring-primary focus:outline-none focus:ring-2 focus:ring-ring-primary/30';

/**
 * Google's examples: pairs of what a person says and what the model answers, sent before the
 * conversation. There is always one pair to write in (removing the last leaves it empty); a pair
 * with an empty side is not sent.
 */
export function ExamplesFields({
  value,
  onChange,
}: {
  value: readonly Example[];
  onChange: (next: Example[]) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const pairs = value.length > 0 ? value : [EMPTY];
  const set = (index: number, side: 'input' | 'output', content: string) =>
    onChange(pairs.map((p, i) => (i === index ? { ...p, [side]: { content } } : p)));
  const remove = (index: number) => {
    const rest = pairs.filter((_, i) => i !== index);
    onChange(rest.length > 0 ? rest : [EMPTY]);
  };
  return (
    <fieldset className="flex flex-col gap-3" data-testid="examples-fields">
      <legend className="mb-1 text-sm font-medium text-text-primary">{t('com_endpoint_examples')}</legend>
      {pairs.map((pair, index) => {
        const n = index + 1;
        return (
          <div
            key={index}
            role="group"
            aria-labelledby={`${id}-${index}-name`}
            className="flex flex-col gap-1.5"
            data-testid="example"
          >
            <div className="flex items-center justify-between gap-2">
              <span id={`${id}-${index}-name`} className="text-xs font-medium text-text-secondary">
                {t('com_endpoint_example_n', { n })}
              </span>
              <IconButton
                size="sm"
                label={t('com_endpoint_example_remove', { n })}
                onClick={() => remove(index)}
              >
                <Trash2 className="size-4" aria-hidden />
              </IconButton>
            </div>
            <label htmlFor={`${id}-${index}-in`} className="sr-only">
              {t('com_endpoint_example_input_n', { n })}
            </label>
            <textarea
              id={`${id}-${index}-in`}
              rows={2}
              placeholder={t('com_endpoint_example_input')}
              maxLength={CHAT_LIMITS.maxMessageChars}
              value={pair.input.content}
              onChange={(e) => set(index, 'input', e.target.value)}
              className={FIELD}
            />
            <label htmlFor={`${id}-${index}-out`} className="sr-only">
              {t('com_endpoint_example_output_n', { n })}
            </label>
            <textarea
              id={`${id}-${index}-out`}
              rows={2}
              placeholder={t('com_endpoint_example_output')}
              maxLength={CHAT_LIMITS.maxMessageChars}
              value={pair.output.content}
              onChange={(e) => set(index, 'output', e.target.value)}
              className={FIELD}
            />
          </div>
        );
      })}
      <button
        type="button"
        data-testid="example-add"
        disabled={pairs.length >= GOOGLE_EXAMPLES_MAX}
        onClick={() => onChange([...pairs, EMPTY])}
        className="inline-flex h-8 items-center gap-1.5 self-start rounded-lg border border-border-medium px-2.5 text-sm font-medium text-text-primary hover:bg-surface-tertiary focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring-primary disabled:cursor-not-allowed disabled:opacity-50"
      >
        <Plus className="size-4" aria-hidden />
        {t('com_endpoint_example_add')}
      </button>
    </fieldset>
  );
}
