import './texts';
import { useId, useRef, useState, type ComponentType, type KeyboardEvent } from 'react';
import clsx from 'clsx';
import { useTranslation } from '../../hooks/useTranslation';
import { Database, FlaskConical, Settings, UserRound, type LucideIcon } from 'lucide-react';
import { Dialog } from '../../components/ui/Dialog';
import { AccountTab } from './AccountTab';
import { BetaTab } from './BetaTab';
import { DataTab } from './DataTab';
import { GeneralTab } from './GeneralTab';
import { nextTabIndex, SETTINGS_TABS, type SettingsTab } from './tab-keys';

/** A tab's panel; told how to close the dialog (a line that leads elsewhere in the app closes it). */
type PanelComponent = ComponentType<{ onClose: () => void }>;

const TABS: Record<SettingsTab, { labelKey: string; icon: LucideIcon; panel: PanelComponent }> = {
  general: { labelKey: 'com_nav_setting_general', icon: Settings, panel: GeneralTab },
  data: { labelKey: 'com_nav_setting_data', icon: Database, panel: DataTab },
  beta: { labelKey: 'com_nav_setting_beta', icon: FlaskConical, panel: BetaTab },
  account: { labelKey: 'com_nav_setting_account', icon: UserRound, panel: AccountTab },
};

/**
 * The settings dialog: four tabs, a vertical list beside the panel from 640 px and a
 * row above it on small screens, where the dialog fills the screen. Arrow keys move between tabs
 * (WAI-ARIA tabs, automatic activation); Escape closes.
 */
export default function SettingsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const [tab, setTab] = useState<SettingsTab>('general');
  const tabRefs = useRef<(HTMLButtonElement | null)[]>([]);
  // The dialog opens on General, its first tab, which takes the focus.
  const firstTab = useRef<HTMLButtonElement | null>(null);
  const baseId = useId();
  const Panel = TABS[tab].panel;

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const current = SETTINGS_TABS.indexOf(tab);
    const next = nextTabIndex(e.key, current, SETTINGS_TABS.length, i18n.dir() === 'rtl');
    if (next === null) return;
    e.preventDefault();
    setTab(SETTINGS_TABS[next]!);
    tabRefs.current[next]?.focus();
  };

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={t('com_nav_settings')}
      size="sheet"
      data-testid="settings-dialog"
      initialFocusRef={firstTab}
    >
      <div className="mt-2 flex min-h-0 flex-1 flex-col gap-4 sm:min-h-[22rem] sm:flex-row">
        <div
          role="tablist"
          aria-orientation="vertical"
          aria-label={t('com_nav_settings')}
          onKeyDown={onKeyDown}
          className="grid shrink-0 grid-cols-4 gap-1 sm:flex sm:w-44 sm:flex-col"
        >
          {SETTINGS_TABS.map((key, i) => {
            const { labelKey, icon: Icon } = TABS[key];
            const selected = key === tab;
            return (
              <button
                key={key}
                ref={(el) => {
                  tabRefs.current[i] = el;
                  if (i === 0) firstTab.current = el;
                }}
                type="button"
                role="tab"
                id={`${baseId}-tab-${key}`}
                aria-selected={selected}
                aria-controls={`${baseId}-panel`}
                tabIndex={selected ? 0 : -1}
                data-testid={`settings-tab-${key}`}
                onClick={() => setTab(key)}
                className={clsx(
                  // Small screens: four equal columns, the icon above a short line of text.
                  'flex min-w-0 flex-col items-center gap-1 rounded-lg px-1 py-2 text-center text-xs leading-tight',
                  'sm:flex-row sm:gap-2 sm:px-3 sm:text-start sm:text-sm',
                  'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring-primary',
                  selected
                    ? 'bg-surface-tertiary font-medium text-text-primary'
                    : 'text-text-secondary hover:bg-surface-tertiary hover:text-text-primary',
                )}
              >
                <Icon className="size-4" aria-hidden />
                {t(labelKey)}
              </button>
            );
          })}
        </div>
        <div
          role="tabpanel"
          id={`${baseId}-panel`}
          aria-labelledby={`${baseId}-tab-${tab}`}
          data-testid={`settings-panel-${tab}`}
          className="min-w-0 flex-1"
        >
          <Panel onClose={onClose} />
        </div>
      </div>
    </Dialog>
  );
}
