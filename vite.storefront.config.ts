import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { compression } from 'vite-plugin-compression2';

/**
 * The customers' ordering page (storefront/): its own small entry, React and react-dom only, served by the server at
 * /order/{shopId} with its first view rendered there (server/areas/ordering). Built into the console's folder so the
 * server's static files (fingerprinted, pre-compressed) serve its assets too; `vite build` builds it after the console
 * (scripts/storefrontBuildPlugin.ts).
 */
export default defineConfig({
  root: 'storefront',
  base: '/storefront/',
  publicDir: false,
  plugins: [react(), compression({ algorithms: ['brotliCompress', 'gzip'], exclude: [/\.map$/], threshold: 1024 })],
  build: {
    outDir: '../dist/console/storefront',
    emptyOutDir: true,
    sourcemap: 'hidden',
    // Evergreen phones only: no legacy transforms to pay for on a slow line.
    target: 'es2022',
  },
});
