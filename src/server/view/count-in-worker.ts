import { Worker } from 'node:worker_threads'
import type { OpenOptions } from '../db/open-database'
import type { BuildProgress } from './summary-view'

/** What the worker needs to count an installation and save its view. */
export interface FirstCountJob {
  /** The `--database` URL, and how to open it. */
  database: string
  open: OpenOptions
  /** The view's file, and the identity of the database written in it. */
  file: string
  identity: string
}

/**
 * Counts the installation in a worker thread (`first-count.worker`), which saves the view to
 * `job.file` and ends; resolves once it ended well. The build runs the bundled `.mjs` (decision
 * 0023); sources (tests, `npm run api`) run the `.ts` through tsx.
 */
export function countInWorker(
  job: FirstCountJob,
  onProgress: (progress: BuildProgress) => void,
  log: (line: string) => void,
): Promise<void> {
  const fromSources = import.meta.url.endsWith('.ts')
  const url = new URL(`./first-count.worker.${fromSources ? 'ts' : 'mjs'}`, import.meta.url)
  // A worker does not inherit tsx's loader on Node 20: the sources' worker registers it first.
  const worker = fromSources
    ? new Worker(
        `import('tsx/esm/api').then(({ register }) => (register(), import(${JSON.stringify(url.href)})))`,
        { eval: true, workerData: job },
      )
    : new Worker(url, { workerData: job })
  worker.on('message', (message: { progress?: BuildProgress | null; log?: string }) => {
    if (message.progress) onProgress(message.progress)
    // Its lines say whose they are: the view's own "N groups" line comes once it took them up.
    if (message.log !== undefined)
      log(message.log.replace(/^summary view:/, 'summary view (counting worker):'))
  })
  return new Promise((resolve, reject) => {
    worker.once('error', reject)
    worker.once('exit', (code) => {
      if (code === 0) resolve()
      else reject(new Error(`the counting worker stopped with exit code ${code}`))
    })
  })
}
