/**
 * The Web Worker that loads runs: fetch, JSON parse, validation and fold of every `/runs` page
 * happen here, off the page's main thread (see `src/api/loading/worker-runner.ts`). In a demo
 * build the worker also holds the simulated installation and answers every API request from
 * it — its own and the page's (decision 0009).
 */
import { createWorkerHost } from './api/loading/worker-host'
import type { ToWorker } from './api/loading/worker-protocol'

const handle = createWorkerHost({
  post: (message) => self.postMessage(message),
  demoFetch: __DEMO__
    ? async (demo) => (await import('./mocks/worker-fetch')).createMockFetch(demo)
    : undefined,
})

self.addEventListener('message', (event: MessageEvent) => handle(event.data as ToWorker))
