import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { PluginIcon } from './PluginIcon';

afterEach(cleanup);

describe('PluginIcon', () => {
  it("shows the manifest's icon, and a puzzle piece when it fails to load", () => {
    const { container } = render(<PluginIcon src="/assets/plugins/calculator.svg" />);
    const img = container.querySelector('img');
    expect(img?.getAttribute('src')).toBe('/assets/plugins/calculator.svg');
    expect(screen.queryByTestId('plugin-icon-fallback')).toBeNull();
    fireEvent.error(img!);
    expect(container.querySelector('img')).toBeNull();
    expect(screen.getByTestId('plugin-icon-fallback')).toBeTruthy();
  });
});
