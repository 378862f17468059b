import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import type { ArtifactMode } from '@chat/contract';
import '../../app/i18n';
import { ArtifactsToggle } from './ArtifactsToggle';
import { ArtifactsContext } from './context';
import { createArtifactsStore } from './store';

afterEach(cleanup);

const sent: (ArtifactMode | '')[] = [];

function Box() {
  const [mode, setMode] = useState<ArtifactMode | ''>('');
  const share = {
    store: createArtifactsStore(),
    routeId: 'c1',
    mode,
    setMode: (m: ArtifactMode | '') => {
      sent.push(m);
      setMode(m);
    },
    busy: false,
    assistantView: false,
  };
  return (
    <ArtifactsContext.Provider value={share}>
      <ArtifactsToggle text="" setText={() => undefined} submit={() => undefined} sent={0} disabled={false} />
    </ArtifactsContext.Provider>
  );
}

describe('the artifacts switch', () => {
  it('turns artifacts on with a press, then offers the modes and the way off, keeping the focus', () => {
    sent.length = 0;
    render(<Box />);
    const toggle = screen.getByTestId('artifacts-toggle');
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
    expect(toggle.getAttribute('aria-haspopup')).toBeNull();
    toggle.focus();
    fireEvent.click(toggle);
    expect(sent).toEqual(['default']);
    const on = screen.getByTestId('artifacts-toggle');
    expect(on).toBe(toggle);
    expect(document.activeElement).toBe(on);
    expect(on.getAttribute('aria-pressed')).toBe('true');
    expect(on.getAttribute('aria-haspopup')).toBe('menu');

    fireEvent.click(on);
    expect(screen.getByRole('menu', { name: 'Artifacts mode' })).toBeTruthy();
    const radios = screen.getAllByRole('menuitemradio');
    expect(radios.map((r) => r.textContent)).toEqual([
      'Artifacts on',
      'Include shadcn/ui instructions',
      'Custom prompt mode',
    ]);
    expect(radios[0]?.getAttribute('aria-checked')).toBe('true');
    fireEvent.click(screen.getByTestId('artifacts-mode-shadcnui'));
    expect(sent).toEqual(['default', 'shadcnui']);

    fireEvent.click(screen.getByTestId('artifacts-toggle'));
    expect(screen.getByTestId('artifacts-mode-shadcnui').getAttribute('aria-checked')).toBe('true');
    fireEvent.click(screen.getByTestId('artifacts-off'));
    expect(sent).toEqual(['default', 'shadcnui', '']);
    expect(screen.getByTestId('artifacts-toggle').getAttribute('aria-pressed')).toBe('false');
  });
});
