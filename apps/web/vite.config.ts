import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const server = process.env.CAB_SERVER_URL ?? 'http://127.0.0.1:3000';
const proxied = ['/cab-', '/finance-', '/server', '/dev', '/v2', '/files', '/docs'];

export default defineConfig({
  plugins: [react()],
  build: { outDir: 'dist', emptyOutDir: true, chunkSizeWarningLimit: 900 },
  server: { proxy: Object.fromEntries(proxied.map((p) => [p, { target: server, changeOrigin: true }])) },
});
