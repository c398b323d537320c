import type { RunQuery } from '@/domain/api-query'
import type { Installation, MockMeta, MockRun, ToolDefinition } from '../installation'
import { compareStrings } from '@/domain/summary/records'

/**
 * An installation that serves a given list of runs, with every query answered the plain way (a
 * scan of all runs): runs in contract order, a run matching when one of its steps lies in the
 * range and, with tools, one of its tool steps in the range names one of them. For tests that
 * compare another implementation of the contract with this simple one.
 */
export function createListedInstallation(options: {
  meta: MockMeta
  tools: readonly ToolDefinition[]
  runs: readonly MockRun[]
}): Installation {
  const runs = [...options.runs].sort(
    (a, b) => Date.parse(b.startedAt) - Date.parse(a.startedAt) || compareStrings(a.uuid, b.uuid),
  )
  const byUuid = new Map(runs.map((run, position) => [run.uuid, position]))
  const matches = (run: MockRun, query: RunQuery): boolean => {
    const ranged = query.from !== null || query.to !== null
    const inRange = (at: string) => {
      const t = Date.parse(at)
      return t >= (query.from ?? -Infinity) && t < (query.to ?? Infinity)
    }
    if (ranged && !run.steps.some((step) => inRange(step.occurredAt))) return false
    if (query.tools.length === 0) return true
    return run.steps.some(
      (step) =>
        step.kind === 'tool' &&
        step.toolName !== undefined &&
        query.tools.includes(step.toolName) &&
        inRange(step.occurredAt),
    )
  }
  return {
    seed: 0,
    scale: 0,
    meta: options.meta,
    tools: options.tools,
    runCount: runs.length,
    getRun: (uuid) => runs[byUuid.get(uuid) ?? -1],
    startedAtOf: (uuid) => runs[byUuid.get(uuid) ?? -1]?.startedAt,
    queryRuns: (query, afterUuid, limit) => {
      const found = runs.filter((run) => matches(run, query))
      const start = afterUuid === null ? 0 : found.findIndex((run) => run.uuid === afterUuid) + 1
      const page = found.slice(start, start + limit)
      const more = start + limit < found.length
      return {
        runs: page,
        totalRuns: found.length,
        continueAfter: more ? (page.at(-1) ?? null) : null,
      }
    },
  }
}

/** The first and last step times of some runs, as `/meta` gives them (null without steps). */
export function stepExtent(runs: readonly MockRun[]): Pick<MockMeta, 'earliestAt' | 'latestAt'> {
  let earliest = Infinity
  let latest = -Infinity
  for (const run of runs) {
    for (const step of run.steps) {
      const t = Date.parse(step.occurredAt)
      earliest = Math.min(earliest, t)
      latest = Math.max(latest, t)
    }
  }
  return {
    earliestAt: Number.isFinite(earliest) ? new Date(earliest).toISOString() : null,
    latestAt: Number.isFinite(latest) ? new Date(latest).toISOString() : null,
  }
}
