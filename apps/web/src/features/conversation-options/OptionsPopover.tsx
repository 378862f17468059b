import { Suspense, useEffect, useId, type KeyboardEvent } from 'react';
import clsx from 'clsx';
import { useTranslation } from '../../hooks/useTranslation';
import { SlidersHorizontal } from 'lucide-react';
import { IconButton } from '../../components/ui/IconButton';
import { preloadable } from '../../components/preloadable';
import type { ParamKey, ParamOverrides } from '@chat/contract';
import { usePopover } from '../../hooks/usePopover';
import type { BingSettingsProps } from './BingSettings';
import type { OptionsPanelProps } from './OptionsPanel';
import type { ConversationFieldsProps } from './ConversationFields';

// The panel (its fields and sliders) loads when the trigger is first pointed at or focused: the
// first paint of a chat needs only the button.
const OptionsPanel = preloadable<OptionsPanelProps>(() =>
  import('./OptionsPanel').then((m) => ({ default: m.OptionsPanel })),
);

export interface OptionsPopoverProps {
  endpointType: string | null;
  /** Whose parameters are shown, when not the endpoint type's (a custom endpoint of another protocol). */
  paramsType?: string | null | undefined;
  /** The operator's ranges and defaults of this endpoint's parameters. */
  paramOverrides?: ParamOverrides | undefined;
  model: string | null;
  /** The model's display name (relabelled as the endpoint menu shows it); the model's own without. */
  modelLabel?: string | undefined;
  /** The parameters in effect (the conversation's, with changes made here). */
  values: Partial<Record<ParamKey, number>>;
  onChange: (key: ParamKey, value: number) => void;
  onReset: () => void;
  disabled?: boolean;
  /** Bing's own options (shown for the bingAI endpoint type). */
  bing?: Omit<BingSettingsProps, 'model'> | undefined;
  /** The conversation's custom name, prompt prefix and image options. */
  conversation?: Omit<ConversationFieldsProps, 'endpointType'> | undefined;
}

/**
 * The chosen endpoint's sampling parameters, each a slider and a number field; the values go with the next ask. Reset puts every
 * one back to the endpoint's default.
 */
export function OptionsPopover({
  endpointType,
  paramsType,
  paramOverrides,
  model,
  modelLabel,
  values,
  onChange,
  onReset,
  disabled,
  bing,
  conversation,
}: OptionsPopoverProps) {
  const { t } = useTranslation();
  const { open, setOpen, close, panelId, triggerRef, panelRef } = usePopover();
  const titleId = useId();
  const label = t('com_endpoint_options');

  useEffect(() => {
    if (open) OptionsPanel.preload();
  }, [open]);

  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key !== 'Escape') return;
    e.stopPropagation();
    close();
  };

  return (
    <div className="relative">
      <IconButton
        ref={triggerRef}
        data-testid="options-button"
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        disabled={disabled || !model}
        onClick={() => (open ? close(false) : setOpen(true))}
        onPointerEnter={OptionsPanel.preload}
        onFocus={OptionsPanel.preload}
        label={label}
        className={clsx(open && 'bg-surface-tertiary text-text-primary')}
      >
        <SlidersHorizontal className="size-[18px]" aria-hidden />
      </IconButton>
      {open && (
        <Suspense fallback={null}>
          <OptionsPanel
            panelRef={panelRef}
            panelId={panelId}
            titleId={titleId}
            label={label}
            endpointType={endpointType}
            paramsType={paramsType}
            paramOverrides={paramOverrides}
            model={model}
            modelLabel={modelLabel}
            values={values}
            onChange={onChange}
            onReset={onReset}
            onKeyDown={onKeyDown}
            bing={bing}
            conversation={conversation}
            readOnly={disabled}
          />
        </Suspense>
      )}
    </div>
  );
}
