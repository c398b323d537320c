/**
 * The Web Worker that loads runs: fetch, JSON parse, validation and fold of every `/runs` page
 * happen here, off the page's main thread (see `src/api/loading/worker-runner.ts`). In a demo
 * build the worker serves itself from its own copy of the simulated installation, so the
 * in-page mock does not do that work on the main thread either.
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
