import { useEffect, useRef, useState, type ReactNode } from 'react';
import { ARTIFACT_SANDBOX_PATH } from '@chat/contract';
import { useTranslation } from '../../../hooks/useTranslation';
import { LazyMarkdown } from '../../markdown';
import type { ParsedArtifact } from '@chat/contract';
import { FRAMED_TYPES, MARKDOWN_TYPES } from '../types';

/**
 * The preview of an artifact. HTML, SVG, Mermaid and React run in a frame of the server's
 * sandbox page: `sandbox="allow-scripts"` without `allow-same-origin` makes its origin opaque
 * (no cookies, storage or DOM of the app), and its policy forbids every request. The document
 * is built here (Mermaid drawn, React compiled, with the React runtime written inline) and
 * posted to the frame once it says it is ready; a new version is a new frame.
 */
export function ArtifactPreview({ artifact, title }: { artifact: ParsedArtifact; title: string }): ReactNode {
  const { t } = useTranslation();
  const frame = useRef<HTMLIFrameElement>(null);
  const [failed, setFailed] = useState(false);
  const { type, content } = artifact;
  const framed = FRAMED_TYPES.includes(type);

  useEffect(() => {
    if (!framed) return;
    let live = true;
    let frameReady = false;
    let html: string | null = null;
    const send = () => {
      if (live && frameReady && html !== null)
        // The frame's origin is opaque: '*' is the only target that reaches it.
        frame.current?.contentWindow?.postMessage({ type: 'artifact-render', html }, '*');
    };
    const onMessage = (event: MessageEvent) => {
      if (event.source !== frame.current?.contentWindow) return;
      const data: unknown = event.data;
      if (
        typeof data === 'object' &&
        data !== null &&
        (data as { type?: unknown }).type === 'artifact-sandbox-ready'
      ) {
        frameReady = true;
        send();
      }
    };
    window.addEventListener('message', onMessage);
    const dark = document.documentElement.classList.contains('dark');
    import('./document')
      .then((m) => m.buildPreviewDocument({ type, content }, { dark }))
      .then(
        (doc) => {
          html = doc;
          send();
        },
        () => live && setFailed(true),
      );
    return () => {
      live = false;
      window.removeEventListener('message', onMessage);
    };
  }, [framed, type, content]);

  if (MARKDOWN_TYPES.includes(type)) {
    return (
      <div className="markdown p-4" dir="auto" data-testid="artifact-preview-markdown">
        <LazyMarkdown text={content} />
      </div>
    );
  }
  if (!framed || failed) {
    return (
      <p className="p-4 text-sm text-text-secondary" role="status" data-testid="artifact-no-preview">
        {failed ? t('com_artifacts_preview_failed') : t('com_artifacts_no_preview')}
      </p>
    );
  }
  return (
    <iframe
      ref={frame}
      src={ARTIFACT_SANDBOX_PATH}
      sandbox="allow-scripts"
      referrerPolicy="no-referrer"
      title={t('com_artifacts_preview_frame', { title })}
      data-testid="artifact-preview-frame"
      className="block h-full min-h-[24rem] w-full border-0 bg-white"
    />
  );
}
