import type { z } from '@/domain/zod'
import type { summaryResponseSchema } from '@/domain/contract'
import type { Installation } from '../installation'
import { compareStrings } from '@/domain/summary/records'
import { matchingRuns } from './matching-runs'

/** A `GET /summary` body as the mock serves it. */
export type MockSummary = z.input<typeof summaryResponseSchema>
type Row = MockSummary['rows'][number]

/** The query of `GET /summary`: `[from, to)` in epoch ms, the zone, the tools (empty = all). */
export interface SummaryQuery {
  from: number
  to: number
  tz: string
  tools: readonly string[]
}

const formatters = new Map<string, Intl.DateTimeFormat>()

/** The local calendar day of an instant, straight from Intl (no code shared with the fold). */
function localDay(ms: number, tz: string): string {
  let format = formatters.get(tz)
  if (format === undefined) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: tz,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    })
    formatters.set(tz, format)
  }
  const part = (type: string) => format.formatToParts(ms).find((p) => p.type === type)?.value
  return `${part('year')}-${part('month')}-${part('day')}`
}

/**
 * What the SQL of decision 0008 returns, computed the plain way: the runs `/runs` matches, their
 * tool steps in `[from, to)` of the selected tools grouped by (local day, tool, outcome, code),
 * per-run flags, statuses, the distinct kinds of the steps in range, and (only when there are
 * some) the tool steps in range the installation could not read and so did not list, less those
 * of a tool read and not selected. Deliberately shares no code with the client's fold, so the two
 * can check each other.
 */
export function aggregateSummary(
  installation: Installation,
  query: SummaryQuery,
): Omit<MockSummary, 'from' | 'to' | 'tz' | 'tools'> {
  const groups = new Map<string, Row>()
  const statuses = new Map<string, number>()
  const kinds = new Set<string>()
  let runs = 0
  let runsWithCalls = 0
  let runsWithRefusal = 0
  let runsWithFailure = 0
  let unreadableToolSteps = 0
  for (const run of matchingRuns(installation, query)) {
    runs++
    statuses.set(run.status, (statuses.get(run.status) ?? 0) + 1)
    for (const step of run.unreadableSteps ?? []) {
      const at = Date.parse(step.occurredAt)
      if (step.listed || step.kind !== 'tool' || !(at >= query.from && at < query.to)) continue
      const tool = step.toolName
      if (query.tools.length > 0 && tool !== undefined && !query.tools.includes(tool)) continue
      unreadableToolSteps++
    }
    let calls = 0
    let refused = false
    let failed = false
    for (const step of run.steps) {
      const at = Date.parse(step.occurredAt)
      if (!(at >= query.from && at < query.to)) continue
      kinds.add(step.kind)
      const tool = step.toolName
      if (step.kind !== 'tool' || tool === undefined) continue
      if (query.tools.length > 0 && !query.tools.includes(tool)) continue
      const code = step.toolRefusal ?? null
      const outcome =
        code !== null
          ? 'refused'
          : step.toolDenied === true
            ? 'denied'
            : step.toolIsError === true
              ? 'failed'
              : 'succeeded'
      const day = localDay(at, query.tz)
      const key = JSON.stringify([day, tool, outcome, code])
      const row = groups.get(key) ?? { day, tool, outcome, code, calls: 0 }
      row.calls++
      groups.set(key, row)
      calls++
      refused ||= outcome === 'refused'
      failed ||= outcome === 'failed'
    }
    if (calls > 0) runsWithCalls++
    if (refused) runsWithRefusal++
    if (failed) runsWithFailure++
  }
  const rows = [...groups.entries()].sort(([a], [b]) => compareStrings(a, b)).map(([, row]) => row)
  return {
    runs,
    runsWithCalls,
    runsWithRefusal,
    runsWithFailure,
    runsByStatus: [...statuses]
      .sort(([a], [b]) => compareStrings(a, b))
      .map(([status, count]) => ({ status, runs: count })),
    rows,
    stepKinds: [...kinds].sort(compareStrings),
    ...(unreadableToolSteps > 0 ? { unreadableToolSteps } : {}),
  }
}
