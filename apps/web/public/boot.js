// Runs before anything else on every page, as a plain script (the CSP allows no inline ones).
// 1. Applies the stored colour theme before first paint (no flash). Keys: LOCAL_KEYS.theme in the
//    contract package.
// 2. Asks for the session at once (POST /api/auth/refresh), while the app's modules still load:
//    the app takes this answer (api/http.ts startBootRefresh) instead of asking again. Tabs that
//    boot together rotate the same cookie into the same successor, so no tab lock is needed here.
(function () {
  try {
    var t = localStorage.getItem('color-theme') || 'dark';
    var dark = t === 'dark' || (t === 'system' && matchMedia('(prefers-color-scheme: dark)').matches);
    document.documentElement.classList.toggle('dark', dark);
  } catch (e) {
    document.documentElement.classList.add('dark');
  }
  try {
    var p = fetch('/api/auth/refresh', { method: 'POST', credentials: 'same-origin' });
    p.catch(function () {});
    window.__bootRefresh = p;
  } catch (e) {
    // no fetch: the app asks itself
  }
})();
