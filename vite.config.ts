import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { compression } from 'vite-plugin-compression2';
import { prerenderPublicPages } from './scripts/prerenderPlugin.js';
import { buildStorefront } from './scripts/storefrontBuildPlugin.js';

const apiTarget = process.env.VITE_API_TARGET ?? `http://localhost:${process.env.PORT ?? 3000}`;

export default defineConfig({
  // Brotli and gzip copies sit beside each asset; the server picks one by Accept-Encoding (preCompressed).
  resolve: {
    alias: [{ find: /^object\.entries$/, replacement: fileURLToPath(new URL('./src/shims/objectEntries.cjs', import.meta.url)) }],
  },
  plugins: [
    react(),
    compression({ algorithms: ['brotliCompress', 'gzip'], exclude: [/\.map$/], threshold: 1024 }),
    // The sign-in page's first view as HTML and CSS, so a phone paints it before the JavaScript arrives.
    prerenderPublicPages(),
    // The customers' ordering page, its own small entry (vite.storefront.config.ts), built after the console.
    buildStorefront(),
  ],
  build: {
    outDir: 'dist/console',
    // Maps stay on disk for debugging and error reports, but no bundle points browsers at them and the server
    // refuses to serve them.
    sourcemap: 'hidden',
    chunkSizeWarningLimit: 1500,
    rolldownOptions: {
      output: {
        // Everything the entry needs at once in one chunk: three dozen small modules were as many requests before the
        // console could start, each a round trip on a slow phone line (and 20% more bytes than one chunk).
        codeSplitting: { groups: [{ name: 'initial', tags: ['$initial'] }] },
      },
    },
  },
  server: {
    port: Number(process.env.VITE_PORT ?? 5173),
    proxy: { '/api': { target: apiTarget, changeOrigin: false } },
  },
});
