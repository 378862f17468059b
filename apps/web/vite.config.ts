import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { PREACT_ALIASES } from './preact-aliases';

export default defineConfig({
  plugins: [react(), tailwindcss()],
  resolve: { alias: PREACT_ALIASES },
  server: {
    port: 3090,
    proxy: {
      '/api': { target: 'http://localhost:3080', changeOrigin: false },
      // Social sign-in: full-page navigations the server answers with redirects.
      '/oauth': { target: 'http://localhost:3080', changeOrigin: false },
    },
  },
  build: { sourcemap: true, target: 'es2022' },
});
