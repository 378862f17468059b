import { lazy, Suspense, useEffect, useId, useState, type KeyboardEvent, type RefObject } from 'react';
import clsx from 'clsx';
import { useTranslation } from '../../hooks/useTranslation';
import { RotateCcw } from 'lucide-react';
import type { ParamKey, ParamOverrides } from '@chat/contract';
import type { BingSettingsProps } from './BingSettings';
import {
  ConversationFields,
  hasConversationFields,
  type ConversationFieldsProps,
} from './ConversationFields';
import { PARAM_LABEL_KEYS, fitToSpec, paramRows, stepDecimals, type ParamRow } from './params';

// Only the Bing endpoint shows these: loaded when its options are first opened.
const BingSettings = lazy(() => import('./BingSettings').then((m) => ({ default: m.BingSettings })));

/** A slider only where it can be moved step by step (not for a count up to a million). */
const MAX_SLIDER_STEPS = 10_000;

export interface OptionsPanelProps {
  panelRef: RefObject<HTMLDivElement | null>;
  panelId: string;
  titleId: string;
  label: string;
  endpointType: string | null;
  /** Whose parameters are shown, when not the endpoint type's. */
  paramsType?: string | null | undefined;
  /** The operator's ranges and defaults of this endpoint's parameters. */
  paramOverrides?: ParamOverrides | undefined;
  model: string | null;
  modelLabel?: string | undefined;
  values: Partial<Record<ParamKey, number>>;
  onChange: (key: ParamKey, value: number) => void;
  onReset: () => void;
  onKeyDown: (e: KeyboardEvent) => void;
  bing?: Omit<BingSettingsProps, 'model'> | undefined;
  conversation?: Omit<ConversationFieldsProps, 'endpointType'> | undefined;
  /** Every field is shown but cannot be changed (a reply is being written). */
  readOnly?: boolean | undefined;
}

/** The open options popover: each parameter's field and slider, and Reset (OptionsPopover). */
export function OptionsPanel({
  panelRef,
  panelId,
  titleId,
  label,
  endpointType,
  paramsType,
  paramOverrides,
  model,
  modelLabel,
  values,
  onChange,
  onReset,
  onKeyDown,
  bing,
  conversation,
  readOnly = false,
}: OptionsPanelProps) {
  const { t } = useTranslation();
  const rowsType = paramsType ?? endpointType;
  const rows = rowsType && model ? paramRows(rowsType, model, values, paramOverrides) : [];

  // Opened: the first control takes the focus.
  useEffect(() => {
    panelRef.current?.querySelector<HTMLElement>('input, button, textarea')?.focus();
  }, [panelRef]);

  return (
    <div
      ref={panelRef}
      id={panelId}
      role="dialog"
      aria-labelledby={titleId}
      data-testid="options-popover"
      onKeyDown={onKeyDown}
      className={clsx(
        'z-40 overflow-y-auto overscroll-contain rounded-xl border border-border-light bg-surface-primary p-4 shadow-xl',
        'fixed inset-x-2 top-14 max-h-[calc(100dvh-4.5rem)]',
        'sm:absolute sm:inset-x-auto sm:start-0 sm:top-full sm:mt-2 sm:w-80 sm:max-h-[min(34rem,80vh)]',
      )}
    >
      <div className="mb-3 flex items-baseline justify-between gap-3">
        <h2 id={titleId} className="text-sm font-semibold text-text-primary">
          {label}
        </h2>
        {model && <span className="min-w-0 truncate text-xs text-text-tertiary">{modelLabel ?? model}</span>}
      </div>
      {/* Read-only while a reply is being written: what is sent is already fixed. */}
      <fieldset disabled={readOnly} className="m-0 min-w-0 border-0 p-0" data-testid="options-fields">
        {conversation && endpointType && hasConversationFields(endpointType) && (
          <div className="mb-4">
            <ConversationFields endpointType={endpointType} {...conversation} />
          </div>
        )}
        {endpointType === 'bingAI' && bing && model ? (
          <Suspense fallback={null}>
            <BingSettings model={model} {...bing} />
          </Suspense>
        ) : rows.length === 0 ? (
          <p className="text-sm text-text-secondary">{t('com_endpoint_no_options')}</p>
        ) : (
          <div className="flex flex-col gap-4">
            {rows.map((row) => (
              <ParamControl key={row.key} row={row} onChange={(v) => onChange(row.key, v)} />
            ))}
            <button
              type="button"
              data-testid="options-reset"
              onClick={onReset}
              disabled={rows.every((r) => r.isDefault)}
              className="inline-flex h-9 items-center justify-center gap-2 self-start rounded-lg border border-border-medium px-3 text-sm font-medium text-text-primary hover:bg-surface-tertiary focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring-primary disabled:cursor-not-allowed disabled:opacity-50"
            >
              <RotateCcw className="size-4" aria-hidden />
              {t('com_endpoint_reset_defaults')}
            </button>
          </div>
        )}
      </fieldset>
    </div>
  );
}

function format(row: ParamRow, value: number): string {
  return row.spec.int ? String(value) : value.toFixed(stepDecimals(row.spec.step));
}

/** One parameter: label, number field (typed values are fitted to the range on commit) and slider. */
function ParamControl({ row, onChange }: { row: ParamRow; onChange: (value: number) => void }) {
  const { t } = useTranslation();
  const id = useId();
  const { spec } = row;
  const name = t(PARAM_LABEL_KEYS[row.key]);
  const [draft, setDraft] = useState<string | null>(null);
  const slider = (spec.max - spec.min) / spec.step <= MAX_SLIDER_STEPS;

  const commit = () => {
    if (draft === null) return;
    const parsed = Number(draft);
    setDraft(null);
    if (draft.trim() !== '' && Number.isFinite(parsed)) onChange(fitToSpec(spec, parsed));
  };

  return (
    <div data-testid={`param-${row.key}`} className="flex flex-col gap-2">
      <div className="flex items-center justify-between gap-3">
        <div className="flex min-w-0 flex-col">
          <label htmlFor={id} className="text-sm font-medium text-text-primary">
            {name}
          </label>
          <span id={`${id}-hint`} className="text-xs text-text-tertiary">
            {t('com_endpoint_param_default', { value: format(row, spec.default) })}
          </span>
        </div>
        <input
          id={id}
          type="number"
          inputMode="decimal"
          data-testid={`param-${row.key}-input`}
          aria-describedby={`${id}-hint`}
          min={spec.min}
          max={spec.max}
          step={spec.step}
          value={draft ?? format(row, row.value)}
          onChange={(e) => setDraft(e.target.value)}
          onBlur={commit}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              commit();
            }
          }}
          className="h-8 w-24 shrink-0 rounded-md border border-border-medium bg-surface-primary px-2 text-end text-sm tabular-nums text-text-primary focus:border-ring-primary focus:outline-none focus:ring-2 focus:ring-ring-primary/30"
        />
      </div>
      {slider && (
        <input
          type="range"
          aria-label={name}
          data-testid={`param-${row.key}-slider`}
          aria-describedby={`${id}-hint`}
          min={spec.min}
          max={spec.max}
          step={spec.step}
          value={row.value}
          onChange={(e) => onChange(fitToSpec(spec, Number(e.target.value)))}
          className="h-5 w-full cursor-pointer accent-[var(--ring-primary)]"
        />
      )}
    </div>
  );
}
