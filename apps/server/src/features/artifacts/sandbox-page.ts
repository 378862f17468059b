/**
 * The page the artifact preview frame loads. The client frames it with `sandbox="allow-scripts"`
 * and no `allow-same-origin`, so it runs in an opaque origin (no cookies, storage or DOM of the
 * app), and this policy forbids every request: nothing the artifact does can reach the network.
 * Inline scripts and styles are what an artifact is made of, so those alone may run.
 */
const DOCUMENT_POLICY = [
  "default-src 'none'",
  "script-src 'unsafe-inline'",
  "style-src 'unsafe-inline'",
  'img-src data: blob:',
  'font-src data:',
  'media-src data: blob:',
  "base-uri 'none'",
  "form-action 'none'",
];
/** The header's policy: the document's, and only the app may frame it (a header-only directive). */
export const SANDBOX_POLICY = [...DOCUMENT_POLICY, "frame-ancestors 'self'"].join('; ');

/**
 * The page says it is ready to its parent, then replaces itself with the first document the
 * parent posts (the preview, built by the client with everything inline). Only the frame's own
 * parent is listened to; a new preview is a new load of this page.
 */
export const SANDBOX_PAGE = `<!doctype html>
<html><head><meta charset="utf-8"><meta http-equiv="Content-Security-Policy" content="${DOCUMENT_POLICY.join('; ')}"><title>Preview</title></head>
<body><script>
(function () {
  var done = false;
  window.addEventListener('message', function (event) {
    if (done || event.source !== window.parent) return;
    var data = event.data;
    if (!data || data.type !== 'artifact-render' || typeof data.html !== 'string') return;
    done = true;
    document.open();
    document.write(data.html);
    document.close();
  });
  window.parent.postMessage({ type: 'artifact-sandbox-ready' }, '*');
})();
</script></body></html>
`;
