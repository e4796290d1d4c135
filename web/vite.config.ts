/// <reference types="vitest/config" />
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { initialJsBudget } from './scripts/initial-js';

// emptyOutDir removes dist/.keep, which git tracks so that go:embed finds the
// folder before the first build; put it back after every build.
const keepDistPlaceholder: Plugin = {
  name: 'keep-dist-placeholder',
  apply: 'build',
  closeBundle() {
    writeFileSync(resolve(import.meta.dirname, 'dist/.keep'), '');
  },
};

// The page's stylesheet goes to the end of the body: the status index.html
// paints (styled by its own small <style>) shows as soon as the page has
// arrived, not once the stylesheet and the scripts have. A stylesheet in the
// body holds back only what follows it, and the scripts (deferred modules)
// still run after it has loaded, so the app never renders unstyled.
const stylesheetAfterStatus: Plugin = {
  name: 'stylesheet-after-status',
  apply: 'build',
  transformIndexHtml: {
    order: 'post',
    handler(html) {
      const links = html.match(/<link rel="stylesheet"[^>]*>/g) ?? [];
      if (links.length === 0) return html;
      return html.replace(/\n\s*<link rel="stylesheet"[^>]*>/g, '').replace('</body>', `  ${links.join('')}\n  </body>`);
    },
  },
};

// The Go server serves the built app under /app/ (web/embed.go embeds dist/)
// and answers /api itself; in development Vite proxies /api to it.
export default defineConfig({
  base: '/app/',
  plugins: [react(), keepDistPlaceholder, stylesheetAfterStatus, initialJsBudget()],
  resolve: {
    alias: [
      { find: /^use-sync-external-store\/shim(\/index\.js)?$/, replacement: resolve(import.meta.dirname, 'src/lib/shims/use-sync-external-store.ts') },
    ],
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Everything is served from our own origin under a strict CSP: no inline
    // assets (data: URLs for scripts/styles/fonts would be blocked).
    assetsInlineLimit: 0,
    sourcemap: false,
    // Every browser of the build target but Safari < 17 and Firefox < 115 knows
    // modulepreload; those two load the same files, only without the head start.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [{ name: 'framework', test: /node_modules[\\/](react|react-dom|scheduler|@tanstack|wouter|regexparam|use-sync-external-store)[\\/]/ }],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: 'http://localhost:8080', changeOrigin: false },
    },
  },
  preview: {
    port: 4173,
    proxy: {
      '/api': { target: 'http://localhost:8080', changeOrigin: false },
    },
  },
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/testing/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    restoreMocks: true,
    // CSS is not applied in tests; global.css is read as text by index-html.test.ts.
    css: { include: [/global\.css\?raw$/] },
    // room for the 5 s window of findBy*/waitFor (src/testing/setup.ts)
    testTimeout: 20_000,
    environmentOptions: {
      jsdom: { url: 'http://localhost:3000/app/' },
    },
  },
});
