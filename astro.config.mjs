// @ts-check
import { defineConfig } from 'astro/config';
import react from '@astrojs/react';
import sitemap from '@astrojs/sitemap';
import tailwindcss from '@tailwindcss/vite';
import { compileHints } from './scripts/build/compile-hints';
import { deployContextIntegration } from './scripts/build/deploy-context';

// The canonical origin; Netlify sets URL in production builds.
const site = process.env.URL ?? 'https://beaconcollegecounsel.com';

export default defineConfig({
  site,
  output: 'static',
  trailingSlash: 'never',
  build: { format: 'file' },
  integrations: [
    deployContextIntegration(),
    {
      name: 'client-interaction',
      hooks: {
        'astro:config:setup': ({ addClientDirective }) =>
          addClientDirective({ name: 'interaction', entrypoint: './src/client/directives/interaction.ts' }),
      },
    },
    react(),
    sitemap({
      // Pages for signed-in people, the cancel link's page, the test checkout, form confirmations and the 404 are not for search engines.
      filter: (page) =>
        !/\/(admin|cancel-consult|checkout|dashboard|inquiry-sent|order-confirmation|reset-password|select-services|subscribed|test-checkout|open-slots|404)$/.test(
          new URL(page).pathname,
        ),
    }),
  ],
  vite: {
    plugins: [tailwindcss(), compileHints()],
    // Page scripts always ship as files, never inlined: the Content-Security-Policy allows our own
    // files, and inline scripts only by hash (netlify.toml). Other assets keep Vite's default.
    build: { assetsInlineLimit: (file) => (file.endsWith('.js') ? false : undefined) },
  },
  devToolbar: { enabled: false },
});
