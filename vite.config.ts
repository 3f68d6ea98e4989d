import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';

// The client is built into dist/client and served by the Fastify server (src/server).
// During development `npm run dev` proxies /api to a server on port 3001.
export default defineConfig({
  plugins: [react()],
  resolve: {
    // Two stand-ins that keep unused weight out of the browser bundle (see the files for why).
    alias: [
      { find: /^markdown-to-jsx(\/react)?$/, replacement: fileURLToPath(new URL('./renderer/react/markdownShim.tsx', import.meta.url)) },
      { find: /^fast-uri$/, replacement: fileURLToPath(new URL('./renderer/react/uriShim.ts', import.meta.url)) },
    ],
  },
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    sourcemap: true,
    modulePreload: { polyfill: false },
    manifest: true,
  },
  server: {
    proxy: { '/api': 'http://localhost:3001' },
  },
  test: {
    include: ['tests/unit/**/*.test.ts', 'tests/server/**/*.test.ts', 'renderer/**/*.test.{ts,tsx}', 'widgets/**/*.test.{ts,tsx}', 'src/**/*.test.{ts,tsx}'],
    environment: 'node',
    testTimeout: 30000,
    hookTimeout: 60000,
  },
});
