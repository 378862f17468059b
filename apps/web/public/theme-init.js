// Applies the stored colour theme before first paint (no flash). An external file, so the CSP
// needs no 'unsafe-inline' for scripts. Keys: see LOCAL_KEYS.theme in the contract package.
(function () {
  try {
    var t = localStorage.getItem('color-theme') || 'dark';
    var dark = t === 'dark' || (t === 'system' && matchMedia('(prefers-color-scheme: dark)').matches);
    document.documentElement.classList.toggle('dark', dark);
  } catch (e) {
    document.documentElement.classList.add('dark');
  }
})();
