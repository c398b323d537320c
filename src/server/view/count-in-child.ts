import { fork } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import type { OpenOptions } from '../db/open-database'
import type { BuildProgress } from './summary-view'

/** What the child needs to count an installation and save its view. */
export interface FirstCountJob {
  /** The `--database` URL, and how to open it. */
  database: string
  open: OpenOptions
  /** The view's file, and the identity of the database written in it. */
  file: string
  identity: string
}

/** A message of the counting process: its progress, a log line, or how it ended. */
export type FirstCountMessage =
  { progress: BuildProgress | null } | { log: string } | { failed: string }

/**
 * Counts the installation in a child process (`first-count.child`), which saves the view to
 * `job.file` and exits; resolves once it ended well. A process, not a thread: what the count
 * allocated goes back to the system whole when it exits, where a thread's native allocations
 * stay in the server's heap. The job, with the database URL and its password, goes over the IPC
 * channel, never on the command line. The build runs the bundled `.mjs` (decision 0023); sources
 * (tests, `npm run api`) run the `.ts` through tsx.
 */
export function countInChild(
  job: FirstCountJob,
  onProgress: (progress: BuildProgress) => void,
  log: (line: string) => void,
): Promise<void> {
  const fromSources = import.meta.url.endsWith('.ts')
  const url = new URL(`./first-count.child.${fromSources ? 'ts' : 'mjs'}`, import.meta.url)
  // The same bound on the JavaScript heap as the server's; tsx for the sources.
  const heap = process.execArgv.filter((flag) => flag.startsWith('--max-old-space-size'))
  const child = fork(fileURLToPath(url), [], {
    execArgv: fromSources ? [...heap, '--import', 'tsx'] : heap,
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  })
  let failed: string | undefined
  child.on('message', (message: FirstCountMessage) => {
    if ('progress' in message && message.progress) onProgress(message.progress)
    // Its lines say whose they are: the view's own "N groups" line comes once it took them up.
    if ('log' in message)
      log(message.log.replace(/^summary view:/, 'summary view (counting process):'))
    if ('failed' in message) failed = message.failed
  })
  child.send(job)
  return new Promise((resolve, reject) => {
    child.once('error', reject)
    child.once('exit', (code, signal) => {
      if (code === 0) resolve()
      else if (failed !== undefined) reject(new Error(failed))
      else reject(new Error(`the counting process stopped (${signal ?? `exit code ${code}`})`))
    })
  })
}
