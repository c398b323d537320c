/** The summary view's default timings (decision 0015), defined here once. */
export const VIEW_TIMINGS = {
  /** An answer that finds the view older than this starts a refresh (`--summary-refresh`). */
  refreshMs: 2000,
  /** The oldest view an answer may use, in refresh intervals (10 s by default). */
  staleRefreshes: 5,
  /** Rows whose uid was first seen this long ago are kept for good. */
  settleMs: 60_000,
  /** How often a changed view is saved to its state file. */
  saveEveryMs: 600_000,
} as const
