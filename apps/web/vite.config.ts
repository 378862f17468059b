import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

export default defineConfig({
  plugins: [react(), tailwindcss()],
  server: {
    port: 3090,
    proxy: {
      '/api': { target: 'http://localhost:3080', changeOrigin: false },
      // Social sign-in: full-page navigations the server answers with redirects.
      '/oauth': { target: 'http://localhost:3080', changeOrigin: false },
    },
  },
  // Maps are written beside the scripts without a `sourceMappingURL` comment: the server serves
  // them (and points at them with a SourceMap header) only when SERVE_SOURCE_MAPS asks for it.
  build: { sourcemap: 'hidden', target: 'es2022' },
});
