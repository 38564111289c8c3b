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
    // Images are inlined only when tiny; anything larger is its own cacheable file.
    assetsInlineLimit: 1024,
    chunkSizeWarningLimit: 900,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // The framework every screen runs on changes with upgrades, not with app
          // releases: one chunk of its own stays cached across deploys. (Grouping
          // antd-mobile's light components the same way was tried: fewer requests,
          // but every page then carried all of them, 30 KB more; see docs/performance.md.)
          groups: [
            {
              name: 'framework',
              test: /node_modules[\\/](react|react-dom|scheduler|@tanstack[\\/]query-core|@tanstack[\\/]react-query|zustand|use-sync-external-store)[\\/]/,
            },
          ],
        },
      },
    },
  },
  server: { proxy: Object.fromEntries(proxied.map((p) => [p, { target: server, changeOrigin: true }])) },
}));
