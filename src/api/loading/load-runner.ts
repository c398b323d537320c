import type { ApiConfig } from '../request'
import type { FolderSpec } from './folder-specs'
import type { LoadState } from './load-all-runs'

/** One load of every `/runs` page of a query, folded into the summary its spec names. */
export interface LoadJob {
  /** Unique per runner; a resumed load is a new job that continues an earlier one. */
  id: number
  config: ApiConfig
  /** What to fold, and through its scope which runs to fetch (see `queryOf`). */
  spec: FolderSpec
  /** The job whose summary, cursor and seen runs this one continues; null to start afresh. */
  resumeFrom: number | null
}

/**
 * Where loads run: on the page ({@link InThreadRunner}) or in a Web Worker (`WorkerRunner`), so the
 * page's main thread never parses or folds. The store cannot tell them apart.
 */
export interface LoadRunner {
  /** Starts `job`; `onUpdate` gets every state; resolves after the last one. */
  start(job: LoadJob, onUpdate: (state: LoadState<unknown>) => void): Promise<void>
  /** Stops a running job; it ends as `cancelled`, resumable from its last whole page. */
  abort(id: number): void
  /** Drops what a job keeps for resuming (its seen runs); the store no longer needs it. */
  forget(id: number): void
}
