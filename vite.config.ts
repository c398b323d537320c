import { rmSync } from 'node:fs'
import { resolve } from 'node:path'
import { defineConfig, type Plugin } from 'vitest/config'
import react from '@vitejs/plugin-react'

/** Vite copies public/ into every build; the production build must not ship the mock worker. */
function dropMockWorker(outDir: string): Plugin {
  return {
    name: 'drop-mock-worker',
    apply: 'build',
    closeBundle() {
      rmSync(resolve(outDir, 'mockServiceWorker.js'), { force: true })
    },
  }
}

/**
 * `--mode demo` builds the dashboard with the simulated installation (MSW) inside;
 * every other mode builds the production dashboard, which contains no mock code.
 */
export default defineConfig(({ mode }) => ({
  plugins: [react(), ...(mode === 'demo' ? [] : [dropMockWorker('dist')])],
  define: {
    __DEMO__: JSON.stringify(mode === 'demo' || mode === 'development'),
  },
  build: {
    outDir: mode === 'demo' ? 'dist-demo' : 'dist',
    sourcemap: false,
    target: 'es2022',
  },
  // The runs-loading worker is an ES module so the demo's mock can be split off into a chunk.
  worker: { format: 'es' },
  server: { port: 5173, strictPort: false },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          environment: 'jsdom',
          include: ['src/**/*.test.{ts,tsx}', 'test/unit/**/*.test.ts'],
          setupFiles: ['src/testing/setup.ts'],
          testTimeout: 20_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['test/e2e/**/*.e2e.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
}))
