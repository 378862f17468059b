import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

export default defineConfig({
  plugins: [react(), tailwindcss()],
  server: {
    port: 3090,
    proxy: {
      '/api': { target: 'http://localhost:3080', changeOrigin: false },
      // Social sign-in: full-page navigations the server answers with redirects.
      '/oauth': { target: 'http://localhost:3080', changeOrigin: false },
      // The artifact preview frame's page, with its own policy (features/artifacts on the server).
      '/artifacts': { target: 'http://localhost:3080', changeOrigin: false },
    },
  },
  // Maps are written beside the scripts without a `sourceMappingURL` comment: the server serves
  // them (and points at them with a SourceMap header) only when SERVE_SOURCE_MAPS asks for it.
  // Two entries: the app (index.html) and the public pages' own small script (site/client.ts),
  // which the server finds through the manifest. The server-rendered pages themselves are a
  // separate `--ssr` build of site/ssr.tsx (tools/build/build.mjs).
  build: {
    sourcemap: 'hidden',
    target: 'es2022',
    manifest: true,
    rollupOptions: { input: { index: here('index.html'), site: here('src/site/client.ts') } },
  },
  ssr: { noExternal: true },
});
