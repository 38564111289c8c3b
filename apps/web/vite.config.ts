import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { inlineEntryCss } from './build/inline-css.ts';
import { precompress } from './build/precompress.ts';

const server = process.env.CAB_SERVER_URL ?? 'http://127.0.0.1:3000';
const proxied = ['/cab-', '/finance-', '/server', '/dev', '/v2', '/files', '/docs', '/static'];

export default defineConfig(() => ({
  plugins: [react(), inlineEntryCss(), precompress()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // The size check (scripts/check-size.ts) reads the manifest to find each page's chunks.
    manifest: true,
    // A page's own chunks are fetched beside it (module preload links made as its import
    // starts); the lazy pieces inside pages (the info flow, popups, live updates) fetch theirs
    // as they are parsed. Each link is main-thread work at the moment it is made: preloading
    // everything held home's main thread 60-250 ms longer in Lighthouse (4x CPU), for about
    // the same largest paint (docs/performance.md, issue 26).
    modulePreload: {
      resolveDependencies: (filename: string, deps: string[]) => (/Page-[\w-]+\.js$/.test(filename) ? deps : []),
    },
    // Images are inlined only when tiny; anything larger is its own cacheable file.
    assetsInlineLimit: 1024,
    chunkSizeWarningLimit: 900,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // The framework every screen runs on changes with upgrades, not with app
            // releases: one chunk of its own stays cached across deploys. (Grouping
            // antd-mobile's light components the same way was tried: fewer requests,
            // but every page then carried all of them, 30 KB more; see docs/performance.md.)
            {
              name: 'framework',
              test: /node_modules[\\/](react|react-dom|scheduler|@tanstack[\\/]query-core|@tanstack[\\/]react-query|zustand|use-sync-external-store)[\\/]/,
              priority: 2,
            },
            // Everything the entry imports statically is needed before anything runs: one
            // chunk, not nine small ones that pages also import (each a request, and on
            // HTTP/1.1 six at a time). Only the modules the entry imports, not all their
            // imports: antd-mobile's index would otherwise bring every component.
            { name: 'app', tags: ['$initial' as const], priority: 1, includeDependenciesRecursively: false },
          ],
        },
      },
    },
  },
  server: { proxy: Object.fromEntries(proxied.map((p) => [p, { target: server, changeOrigin: true }])) },
}));
