import type { KNOWN_RUN_STATUSES, Run } from '../contract/run'

/** The statuses after which a run records nothing more (the contract's terminal ones). */
export const FINAL_RUN_STATUSES = [
  'completed',
  'failed',
  'cancelled',
] as const satisfies readonly (typeof KNOWN_RUN_STATUSES)[number][]

const FINAL: ReadonlySet<string> = new Set(FINAL_RUN_STATUSES)

/**
 * Whether a run may still record steps: its status is not final and it has no `finishedAt`.
 * A status the contract does not name counts as still going while `finishedAt` is null (asking
 * again is harmless); a `finishedAt` ends the run whatever its status says.
 */
export function isRunGoing(run: Pick<Run, 'status' | 'finishedAt'>): boolean {
  return run.finishedAt === null && !FINAL.has(run.status)
}
