import { build, type Plugin } from 'vite';

/**
 * `vite build` builds the console, then the customers' ordering page (vite.storefront.config.ts) into
 * dist/console/storefront, so every caller of the one build (npm start, npm test, the e2e helpers) gets both.
 */
export function buildStorefront(): Plugin {
  return {
    name: 'servery:build-storefront',
    apply: 'build',
    async closeBundle() {
      await build({ configFile: 'vite.storefront.config.ts', logLevel: 'warn' });
    },
  };
}
