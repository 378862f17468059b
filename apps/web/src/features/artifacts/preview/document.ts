import { ARTIFACT_TYPES } from '@chat/contract';
import runtimeUrl from './runtime.ts?worker&url';

/**
 * The preview documents, built in the app and written into the sandboxed frame. Each carries its
 * own policy (besides the sandbox page's): nothing may be requested, only inline scripts and
 * styles run, images only from data: and blob:.
 */
const PREVIEW_POLICY = [
  "default-src 'none'",
  "script-src 'unsafe-inline'",
  "style-src 'unsafe-inline'",
  'img-src data: blob:',
  'font-src data:',
  'media-src data: blob:',
  "base-uri 'none'",
  "form-action 'none'",
].join('; ');

const POLICY_META = `<meta http-equiv="Content-Security-Policy" content="${PREVIEW_POLICY}">`;
const HEAD = `<meta charset="utf-8">${POLICY_META}<meta name="viewport" content="width=device-width, initial-scale=1">`;

export interface PreviewSource {
  type: string;
  content: string;
}

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Script text that cannot end its <script> element early. */
const inlineScript = (code: string) => code.replace(/<\/(script)/gi, '<\\/$1').replace(/<!--/g, '\\x3C!--');

/**
 * An HTML artifact: the policy goes first in its head (a policy written later by the artifact
 * only adds restrictions), or the fragment is given a page of its own.
 */
function htmlDocument(content: string): string {
  const head = /<head(\s[^>]*)?>/i.exec(content);
  if (head)
    return content.slice(0, head.index + head[0].length) + HEAD + content.slice(head.index + head[0].length);
  const html = /<html(\s[^>]*)?>/i.exec(content);
  if (html)
    return `${content.slice(0, html.index + html[0].length)}<head>${HEAD}</head>${content.slice(html.index + html[0].length)}`;
  return `<!doctype html><html><head>${HEAD}</head><body>${content}</body></html>`;
}

/** An image (SVG, a drawn diagram) centred on a page of its own. */
function imageDocument(svg: string, dark: boolean): string {
  const bg = dark ? '#171717' : '#ffffff';
  return `<!doctype html><html><head>${HEAD}<style>html,body{margin:0;height:100%;background:${bg}}body{display:flex;align-items:center;justify-content:center;padding:16px;box-sizing:border-box}svg{max-width:100%;max-height:100%;height:auto}</style></head><body>${svg}</body></html>`;
}

function errorDocument(message: string): string {
  return `<!doctype html><html><head>${HEAD}</head><body><pre role="alert" style="color:#b91c1c;white-space:pre-wrap;font:13px/1.4 monospace;padding:12px;margin:0">${escapeHtml(message)}</pre></body></html>`;
}

let diagramCount = 0;
async function mermaidDocument(code: string, dark: boolean): Promise<string> {
  const { default: mermaid } = await import('mermaid');
  // 'strict': labels are text (no HTML, no click handlers); the drawing is shown in the frame anyway.
  mermaid.initialize({ startOnLoad: false, securityLevel: 'strict', theme: dark ? 'dark' : 'default' });
  try {
    const { svg } = await mermaid.render(`artifact-diagram-${++diagramCount}`, code);
    return imageDocument(svg, dark);
  } catch (error) {
    return errorDocument(error instanceof Error ? error.message : String(error));
  }
}

let runtime: Promise<string> | null = null;
/** React and ReactDOM as one script (runtime.ts), fetched from the app once. */
function reactRuntime(): Promise<string> {
  runtime ??= fetch(runtimeUrl).then((r) => {
    if (!r.ok) throw new Error(`runtime ${r.status}`);
    return r.text();
  });
  runtime.catch(() => {
    runtime = null;
  });
  return runtime;
}

async function reactDocument(code: string, dark: boolean): Promise<string> {
  const [{ transform }, react] = await Promise.all([import('sucrase'), reactRuntime()]);
  let compiled: string;
  try {
    compiled = transform(code, {
      transforms: ['jsx', 'typescript', 'imports'],
      jsxRuntime: 'automatic',
      production: true,
    }).code;
  } catch (error) {
    return errorDocument(error instanceof Error ? error.message : String(error));
  }
  const bg = dark ? '#171717' : '#ffffff';
  const fg = dark ? '#ececec' : '#0d0d0d';
  return `<!doctype html><html><head>${HEAD}<style>html,body{margin:0;background:${bg};color:${fg};font-family:system-ui,sans-serif}#root{padding:16px}</style></head><body><div id="root"></div><script>${inlineScript(react)}</script><script>__artifactMount(function (require, module) { var exports = module.exports;\n${inlineScript(compiled)}\n});</script></body></html>`;
}

/** The document a preview frame shows for an artifact of a framed type. */
export async function buildPreviewDocument(
  source: PreviewSource,
  { dark }: { dark: boolean },
): Promise<string> {
  switch (source.type) {
    case ARTIFACT_TYPES.html:
    case ARTIFACT_TYPES.codeHtml:
      return htmlDocument(source.content);
    case ARTIFACT_TYPES.svg:
      return imageDocument(source.content, dark);
    case ARTIFACT_TYPES.mermaid:
      return mermaidDocument(source.content, dark);
    case ARTIFACT_TYPES.react:
      return reactDocument(source.content, dark);
    default:
      return errorDocument(source.type);
  }
}
