import type { LoadState } from './load-all-runs'
import type { LoadJob } from './load-runner'
import type { ErrorData, SummaryPatch } from './transfer'

/** What a mock installation in the worker serves (demo builds only). */
export interface WorkerDemo {
  /** Absolute base URL the installation is served at. */
  baseUrl: string
  scale: number
  variant: 'default' | 'hostile' | 'empty'
  /** Whether the installation offers the pre-aggregated `/summary` (decision 0008). */
  summaryEndpoint: boolean
}

/** Page → worker. A job's config carries no function: the worker fetches by itself. */
export type ToWorker =
  | { type: 'demo'; demo: WorkerDemo }
  | { type: 'start'; job: LoadJob }
  | { type: 'abort'; id: number }
  | { type: 'forget'; id: number }
  /** Demo builds: answer one API request from the worker's installation. */
  | { type: 'fetch'; id: number; url: string }

/** A load state as it crosses: the summary as a patch, the error as data. */
export type StateData = Omit<LoadState<unknown>, 'summary' | 'error'> & {
  summary: SummaryPatch
  error: ErrorData
}

/** Worker → page. `end` follows a job's last update. */
export type FromWorker =
  | { type: 'update'; id: number; state: StateData }
  | { type: 'end'; id: number }
  /** The body as bytes: decoded as text here, a CSV would lose its byte-order mark. */
  | { type: 'fetched'; id: number; status: number; headers: [string, string][]; body: ArrayBuffer }
  /** The demo request got no answer at all (the page's fetch fails as on a lost network). */
  | { type: 'fetch-failed'; id: number }
