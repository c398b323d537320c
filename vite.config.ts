import { existsSync, readFileSync, rmSync } from 'node:fs'
import { resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { defineConfig, type Plugin } from 'vitest/config'
import react from '@vitejs/plugin-react'
import { withStaticShell } from './src/app/shell.ts'
import { demoNote } from './src/config/demo-note.ts'

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

/** `npm start`: under Vite's URLs, say that the installation is simulated and how to grow it. */
function demoStartNote(): Plugin {
  return {
    name: 'demo-start-note',
    apply: 'serve',
    configureServer(server) {
      const printUrls = server.printUrls.bind(server)
      server.printUrls = () => {
        printUrls()
        const file = resolve(server.config.publicDir, 'config.json')
        server.config.logger.info(demoNote(existsSync(file) ? readFileSync(file, 'utf8') : null))
      }
    },
  }
}

/** index.html gets the shell's header (src/app/shell.ts), so the first paint needs no script. */
const staticShell = (): Plugin => ({ name: 'static-shell', transformIndexHtml: withStaticShell })

/**
 * The entry (`src/main.tsx`) imports React DOM, the config schema and the app one after another,
 * so each is evaluated in its own short task. index.html lists all of their chunks in a
 * `stage-chunks` meta tag, and the entry preloads them at once: the browser downloads and
 * compiles them in parallel and only evaluates each when the entry asks for it. (As
 * `modulepreload` links in the HTML they would sit on the first paint's path on a slow network.)
 */
function preloadStagedChunks(): Plugin {
  let base = '/'
  return {
    name: 'preload-staged-chunks',
    apply: 'build',
    configResolved(config) {
      base = config.base
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const bundle = context.bundle
        if (!bundle) return html
        const chunks = new Map<string, { imports: string[]; dynamicImports: string[] }>()
        for (const [file, output] of Object.entries(bundle)) {
          if (output.type === 'chunk') chunks.set(file, output)
        }
        const entry = [...chunks].find(([, chunk]) => 'isEntry' in chunk && chunk.isEntry)
        if (!entry) return html
        const seen = new Set<string>([entry[0]])
        const visit = (file: string) => {
          if (seen.has(file)) return
          seen.add(file)
          for (const next of chunks.get(file)?.imports ?? []) visit(next)
        }
        // The entry's dynamic imports are its stages (pages and the mock are imported by them).
        for (const file of entry[1].dynamicImports) visit(file)
        seen.delete(entry[0])
        const files = [...seen].filter((file) => !html.includes(`/${file}"`))
        return {
          html,
          tags: [
            {
              tag: 'meta',
              attrs: { name: 'stage-chunks', content: files.map((f) => `${base}${f}`).join(' ') },
              injectTo: 'head' as const,
            },
          ],
        }
      },
    },
  }
}

/**
 * `--mode demo` builds the dashboard with the simulated installation (MSW) inside;
 * every other mode builds the production dashboard, which contains no mock code.
 */
export default defineConfig(({ mode }) => ({
  plugins: [
    react(),
    staticShell(),
    preloadStagedChunks(),
    ...(mode === 'demo' ? [demoStartNote()] : [dropMockWorker('dist')]),
  ],
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
  // `@/x` is `src/x` (tsconfig.json's `paths` says the same to TypeScript and tsx).
  resolve: {
    alias: [{ find: /^@\//, replacement: fileURLToPath(new URL('./src/', import.meta.url)) }],
  },
  // The runs-loading worker is an ES module so the demo's mock can be split off into a chunk.
  worker: { format: 'es' },
  server: { port: 5173, strictPort: false },
  test: {
    projects: [
      {
        extends: true,
        test: {
          // The page's code (rendering, fetching from its origin, the mock API) in jsdom.
          name: 'unit',
          environment: 'jsdom',
          // Files share a thread and its loaded modules, not a fresh one each (about three times
          // faster); the setup file still starts MSW for each file and cleans up after each test.
          pool: 'threads',
          isolate: false,
          // Vitest keeps a core for itself by default (one worker on two cores).
          maxWorkers: 2,
          include: ['src/**/*.test.{ts,tsx}', 'test/unit/**/*.test.ts'],
          exclude: ['src/server/**', 'src/domain/**', 'src/checker/**'],
          setupFiles: ['src/testing/setup.ts'],
          testTimeout: 20_000,
        },
      },
      {
        extends: true,
        test: {
          // The pure layers (decision 0002) in Node: no DOM to set up for each file.
          name: 'pure',
          environment: 'node',
          // Pure modules hold no state a file could leave behind: one module graph per worker.
          isolate: false,
          maxWorkers: 2,
          include: ['src/domain/**/*.test.ts', 'src/checker/**/*.test.ts', 'scripts/**/*.test.ts'],
          setupFiles: ['src/testing/node-setup.ts'],
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
          setupFiles: ['src/testing/node-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 180_000,
          // Two files at once: each test makes its own database (named by process and counter),
          // and one file alone leaves a core idle while it waits on the database servers.
          maxWorkers: 2,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['test/e2e/**/*.e2e.ts'],
          // Two files at once: one file alone left a core idle about a fifth of the time (waiting
          // on retries, timers and servers starting). Each test is then slower, so the timeout,
          // a guard against hangs only, is generous.
          maxWorkers: 2,
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
}))
