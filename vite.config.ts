import { rmSync } from 'node:fs'
import { resolve } from 'node:path'
import { defineConfig, type Plugin } from 'vitest/config'
import react from '@vitejs/plugin-react'
import { withStaticShell } from './src/app/shell'

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

/** index.html gets the shell's header (src/app/shell.ts), so the first paint needs no script. */
const staticShell = (): Plugin => ({ name: 'static-shell', transformIndexHtml: withStaticShell })

/**
 * `--mode demo` builds the dashboard with the simulated installation (MSW) inside;
 * every other mode builds the production dashboard, which contains no mock code.
 */
export default defineConfig(({ mode }) => ({
  plugins: [react(), staticShell(), ...(mode === 'demo' ? [] : [dropMockWorker('dist')])],
  define: {
    __DEMO__: JSON.stringify(mode === 'demo' || mode === 'development'),
  },
  build: {
    outDir: mode === 'demo' ? 'dist-demo' : 'dist',
    sourcemap: false,
    target: 'es2022',
    // One stylesheet (about 4 kB gzip) in index.html: opening a page then inserts no stylesheet,
    // which would restyle the whole document in the middle of its first render.
    cssCodeSplit: false,
    modulePreload: false,
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
          exclude: ['src/server/**'],
          setupFiles: ['src/testing/setup.ts'],
          testTimeout: 20_000,
        },
      },
      {
        extends: true,
        test: {
          // The API server against real databases (SQLite always; PostgreSQL and MariaDB when
          // they answer, or when RD_TEST_ENGINES requires them).
          name: 'server',
          environment: 'node',
          include: ['src/server/**/*.test.ts'],
          setupFiles: ['src/server/testing/setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 180_000,
          fileParallelism: false,
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
