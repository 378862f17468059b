import {
  lazy,
  Suspense,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import { MarkdownDirectivesContext, type MarkdownDirectives } from '../markdown';
import type { Slots } from '../../platform/slots';
import { optionValue } from '../chat';
import { artifactsOption } from './chat';
import { ArtifactCard } from './ArtifactCard';
import { ArtifactsContext, type ArtifactsShare } from './context';
import { splitArtifacts } from '@chat/contract';
import { createArtifactsStore } from './store';

// The panel, with its preview, is its own chunk: fetched when an artifact is first opened.
const ArtifactPanel = lazy(() => import('./ArtifactPanel').then((m) => ({ default: m.ArtifactPanel })));

const NEW_ROUTE = 'new';

/** Replies' text with each artifact's directive and code drawn as its card. */
const artifactDirectives: MarkdownDirectives = (text, owner) => {
  let n = 0;
  return splitArtifacts(text).map((segment) => {
    if (segment.kind === 'text') return { text: segment.text };
    const index = n++;
    return {
      key: `artifact-${index}`,
      node: <ArtifactCard artifact={segment.artifact} messageId={owner} index={index} />,
    };
  });
};

/**
 * The chat screen with artifacts: replies draw their artifacts as cards, and the panel opens
 * beside the chat (over it on a small screen). The screen is wrapped in a row for the panel.
 */
export function ArtifactsScope({
  routeId,
  setup,
  busy,
  assistantView,
  children,
}: Slots['chat.scope']): ReactNode {
  const [store] = useState(createArtifactsStore);
  const shown = useRef(routeId);
  useEffect(() => {
    // Another conversation: its artifacts are its own (a new chat taking its id keeps them).
    if (shown.current !== routeId && shown.current !== NEW_ROUTE) store.reset();
    shown.current = routeId;
  }, [routeId, store]);
  const mode = optionValue(setup, artifactsOption);
  const { setOption } = setup;
  const setMode = useCallback((m: typeof mode) => setOption(artifactsOption.id, m), [setOption]);
  const share = useMemo<ArtifactsShare>(
    () => ({ store, routeId, mode, setMode, busy, assistantView }),
    [store, routeId, mode, setMode, busy, assistantView],
  );
  const open = useSyncExternalStore(store.subscribe, store.openKey) !== null;
  return (
    <ArtifactsContext.Provider value={share}>
      <MarkdownDirectivesContext.Provider value={artifactDirectives}>
        <div className="flex h-full min-w-0 flex-1">
          {children}
          {open && (
            <Suspense fallback={null}>
              <ArtifactPanel />
            </Suspense>
          )}
        </div>
      </MarkdownDirectivesContext.Provider>
    </ArtifactsContext.Provider>
  );
}
