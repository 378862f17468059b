import type { ReactNode } from 'react';
import { Shapes } from 'lucide-react';
import clsx from 'clsx';
import type { ArtifactMode } from '@chat/contract';
import type { Slots } from '../../platform/slots';
import { Menu, type MenuEntry } from '../../components/ui/Menu';
import { useTranslation } from '../../hooks/useTranslation';
import { useArtifacts } from './context';

const BUTTON =
  'relative inline-flex size-10 shrink-0 items-center justify-center self-end rounded-full transition-colors hover:bg-surface-tertiary focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring-primary disabled:cursor-not-allowed disabled:opacity-50';

/** LibreChat's artifact modes, each with its label's key, in the menu's order. */
const MODES: readonly [ArtifactMode, string][] = [
  ['default', 'com_artifacts_mode_default'],
  ['shadcnui', 'com_artifacts_mode_shadcnui'],
  ['custom', 'com_artifacts_mode_custom'],
];

/**
 * The message box's artifacts switch. Off, a press turns them on ('default': the server tells the
 * model how to mark artifacts). On, it opens a menu of LibreChat's modes (shadcn/ui's note added,
 * or `custom`: the conversation's own prompt says how) and the way to turn them off, which sends ''
 * so a conversation that had them is told.
 */
export function ArtifactsToggle({ disabled }: Slots['chat.input.tools']): ReactNode {
  const { t } = useTranslation();
  const share = useArtifacts();
  if (!share || share.assistantView) return null;
  const { mode, setMode } = share;
  const locked = disabled || share.busy;
  const label = t('com_artifacts_toggle');
  const on = mode !== '';
  const items: MenuEntry[] = [
    ...MODES.map(([value, key]) => ({
      key: value,
      label: t(key),
      checked: mode === value,
      onSelect: () => setMode(value),
      testId: `artifacts-mode-${value}`,
    })),
    { key: 'sep', kind: 'separator' },
    { key: 'off', label: t('com_artifacts_off'), onSelect: () => setMode(''), testId: 'artifacts-off' },
  ];
  return (
    <Menu
      items={items}
      label={t('com_artifacts_mode_menu')}
      side="top"
      align="end"
      wrapperClassName="relative self-end"
      renderTrigger={({ onClick, onKeyDown, ...props }) => (
        // One button either way, so the focus stays on it when a press turns artifacts on.
        <button
          {...props}
          {...(on
            ? { onClick, onKeyDown }
            : {
                onClick: () => setMode('default'),
                'aria-haspopup': undefined,
                'aria-expanded': undefined,
                'aria-controls': undefined,
              })}
          type="button"
          data-testid="artifacts-toggle"
          aria-pressed={on}
          aria-label={label}
          title={label}
          disabled={locked}
          className={clsx(BUTTON, on ? 'bg-surface-tertiary text-text-primary' : 'text-text-secondary')}
        >
          <Shapes className="size-5" aria-hidden />
        </button>
      )}
    />
  );
}
