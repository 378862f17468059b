import { useMemo } from 'react';
import { startingModelSpec } from '@chat/contract';
import { useStartupConfig } from '../../../api/config';
import type { SetupBase } from '../../conversation-options';
import { readLastSpec } from '../../model-select';

/**
 * What a new chat starts from when librechat.yaml has model specs: the starting spec's preset
 * (contract `startingModelSpec`: the default, else the one last chosen or the first when specs
 * come first), naming its spec. Undefined when no spec starts it (then the default preset and the
 * remembered setup decide).
 */
export function useStartingSpec(enabled: boolean): SetupBase | undefined {
  const startup = useStartupConfig().data;
  return useMemo(() => {
    if (!enabled) return undefined;
    const spec = startingModelSpec(
      startup?.modelSpecs,
      readLastSpec(),
      startup?.interface?.modelSelect !== false,
    );
    return spec ? { ...spec.preset, spec: spec.name } : undefined;
  }, [enabled, startup]);
}
