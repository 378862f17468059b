import { act, render, screen } from '@testing-library/react';
import { afterAll, describe, expect, it } from 'vitest';
import { useTranslation } from '../hooks/useTranslation';
import sharedGerman from '../locales/de-DE.json';
import sharedArabic from '../locales/ar-EG.json';
import promptsEnglish from '../features/prompts/locales/en.json';
import promptsGerman from '../features/prompts/locales/de-DE.json';
import settingsEnglish from '../features/settings/locales/en.json';
import settingsGerman from '../features/settings/locales/de-DE.json';
import settingsArabic from '../features/settings/locales/ar-EG.json';
import i18n, { changeLanguage } from './i18n';
// What the settings dialog's files import: its English ships with its chunk.
import '../features/settings/texts';

/** A feature bundled with the first paint (prompts) and one loaded on demand (settings). */
const BUNDLED = 'com_ui_prompt_search';
const ON_DEMAND = 'com_nav_setting_data';

/** Every text each render showed, to catch a key on screen between two languages. */
const shown: string[] = [];
function Probe() {
  const { t } = useTranslation();
  const texts = [t(BUNDLED), t(ON_DEMAND)];
  shown.push(...texts);
  return (
    <>
      <p data-testid="bundled">{texts[0]}</p>
      <p data-testid="on-demand">{texts[1]}</p>
    </>
  );
}

describe("a feature's texts, kept in its folder", () => {
  afterAll(() => changeLanguage('en-US'));

  it('are not in the shared dictionaries', () => {
    expect(sharedGerman).not.toHaveProperty(BUNDLED);
    expect(sharedGerman).not.toHaveProperty(ON_DEMAND);
    expect(sharedArabic).not.toHaveProperty(ON_DEMAND);
  });

  it('show in English, then in each language picked, with no key on screen in between', async () => {
    render(<Probe />);
    expect(screen.getByTestId('bundled').textContent).toBe(promptsEnglish[BUNDLED]);
    expect(screen.getByTestId('on-demand').textContent).toBe(settingsEnglish[ON_DEMAND]);

    await act(() => changeLanguage('de-DE'));
    expect(screen.getByTestId('bundled').textContent).toBe(promptsGerman[BUNDLED]);
    expect(screen.getByTestId('on-demand').textContent).toBe(settingsGerman[ON_DEMAND]);
    expect(promptsGerman[BUNDLED]).not.toBe(promptsEnglish[BUNDLED]);

    await act(() => changeLanguage('ar-EG'));
    expect(screen.getByTestId('on-demand').textContent).toBe(settingsArabic[ON_DEMAND]);
    expect(i18n.language).toBe('ar-EG');

    expect(shown.filter((text) => text.startsWith('com_'))).toEqual([]);
  });
});
