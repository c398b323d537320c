import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { Run, SummaryCalls, SummaryResponse } from '../contract'
import { dayOf } from '../time'
import { fromAggregate } from './from-aggregate'
import { foldRuns } from './fold-runs'
import { mergeSummaries } from './merge-summaries'
import { createScope } from './scope'
import { emptySummary } from './summary'
import { datasetArb } from './test-data'

const echo = { from: '2026-11-01T00:00:00Z', to: '2026-11-03T00:00:00Z', tz: 'UTC', tools: [] }

const body = (over: Partial<SummaryResponse> = {}): SummaryResponse => ({
  ...echo,
  runs: 0,
  runsWithCalls: 0,
  runsWithRefusal: 0,
  runsWithFailure: 0,
  runsByStatus: [],
  rows: [],
  stepKinds: [],
  ...over,
})

describe('fromAggregate', () => {
  it('gives the empty summary for an empty body', () => {
    expect(fromAggregate(body())).toEqual(emptySummary())
  })

  it('maps groups onto outcome keys per tool and per day, as the fold keys them', () => {
    const rows: SummaryCalls[] = [
      { day: '2026-11-01', tool: 'create_page', outcome: 'succeeded', code: null, calls: 3 },
      { day: '2026-11-02', tool: 'create_page', outcome: 'failed', calls: 1 },
      { day: '2026-11-02', tool: '__proto__', outcome: 'refused', code: 'arguments', calls: 2 },
      { day: '2026-11-02', tool: 'create_page', outcome: 'refused', code: 'budget', calls: 1 },
      { day: '2026-11-02', tool: 'create_page', outcome: 'refused', code: '', calls: 1 },
      // A zero group leaves no entry; a repeated group is added up.
      { day: '2026-11-01', tool: 'get_tca', outcome: 'failed', code: null, calls: 0 },
      { day: '2026-11-01', tool: 'create_page', outcome: 'succeeded', code: null, calls: 2 },
    ]
    const summary = fromAggregate(
      body({
        runs: 7,
        runsWithCalls: 5,
        runsWithRefusal: 3,
        runsWithFailure: 1,
        runsByStatus: [
          { status: 'completed', runs: 5 },
          { status: 'paused', runs: 1 },
          { status: 'constructor', runs: 1 },
          { status: 'queued', runs: 0 },
        ],
        rows,
        stepKinds: ['tool', 'plan', 'llm', 'reflection', 'plan'],
      }),
    )
    expect(summary).toEqual({
      runs: 7,
      runsWithCalls: 5,
      runsWithRefusal: 3,
      runsWithFailure: 1,
      runsByStatus: { completed: 5, paused: 1, constructor: 1 },
      byTool: {
        create_page: {
          succeeded: 5,
          failed: 1,
          'refused:budget': 1,
          'refused:': 1,
        },
        ['__proto__']: { 'refused:arguments': 2 },
      },
      byDay: {
        '2026-11-01': { succeeded: 5 },
        '2026-11-02': { failed: 1, 'refused:arguments': 2, 'refused:budget': 1, 'refused:': 1 },
      },
      unknownRefusalCodes: ['', 'budget'],
      unknownStepKinds: ['plan', 'reflection'],
      unknownRunStatuses: ['constructor', 'paused'],
      unreadableToolSteps: 0,
    })
    // A tool named __proto__ is an own key, not the prototype.
    expect(Object.keys(summary.byTool)).toContain('__proto__')
    expect(Object.getPrototypeOf(summary.byTool)).toBeNull()
  })

  it('gives a summary that merges like a folded one', () => {
    const rows: SummaryCalls[] = [
      { day: '2026-11-01', tool: 'create_page', outcome: 'succeeded', calls: 1 },
    ]
    const one = fromAggregate(body({ runs: 1, runsWithCalls: 1, rows, unreadableToolSteps: 3 }))
    expect(mergeSummaries(one, one).byTool).toEqual({ create_page: { succeeded: 2 } })
    expect(mergeSummaries(one, one).unreadableToolSteps).toBe(6)
    expect(JSON.parse(JSON.stringify(one))).toEqual(one)
  })

  it('takes the unreadable tool steps the server counted, 0 when it sends none', () => {
    expect(fromAggregate(body({ runs: 2, unreadableToolSteps: 12 })).unreadableToolSteps).toBe(12)
    expect(fromAggregate(body({ runs: 2 })).unreadableToolSteps).toBe(0)
  })
})

type Dataset = { from: string; to: string; zone: string; tools: string[]; runs: Run[] }

/** What the SQL of decision 0008 computes for these runs, written out plainly. */
function groupBy(d: Dataset): SummaryResponse {
  const { startMs, endMs } = createScope({ ...d, tz: d.zone }).buckets
  const groups = new Map<string, SummaryCalls>()
  const statuses = new Map<string, number>()
  const kinds = new Set<string>()
  const flags = { calls: 0, refusal: 0, failure: 0 }
  let unreadable = 0
  for (const run of d.runs) {
    statuses.set(run.status, (statuses.get(run.status) ?? 0) + 1)
    for (const entry of run.unreadableSteps ?? []) {
      const at = Date.parse(entry.occurredAt)
      if (entry.listed || entry.kind !== 'tool' || !(at >= startMs && at < endMs)) continue
      if (d.tools.length > 0 && entry.toolName !== undefined && !d.tools.includes(entry.toolName))
        continue
      unreadable++
    }
    const outcomes: string[] = []
    for (const step of run.steps) {
      const at = Date.parse(step.occurredAt)
      if (!(at >= startMs && at < endMs)) continue
      kinds.add(step.kind)
      const tool = step.toolName
      if (step.kind !== 'tool' || tool === undefined) continue
      if (d.tools.length > 0 && !d.tools.includes(tool)) continue
      const code = step.toolRefusal ?? null
      const outcome =
        code !== null
          ? 'refused'
          : step.toolDenied === true
            ? 'denied'
            : step.toolIsError
              ? 'failed'
              : 'succeeded'
      const day = dayOf(at, d.zone)
      const key = JSON.stringify([day, tool, outcome, code])
      const row = groups.get(key) ?? { day, tool, outcome, code, calls: 0 }
      row.calls++
      groups.set(key, row)
      outcomes.push(outcome)
    }
    if (outcomes.length > 0) flags.calls++
    if (outcomes.includes('refused')) flags.refusal++
    if (outcomes.includes('failed')) flags.failure++
  }
  return {
    ...echo,
    runs: d.runs.length,
    runsWithCalls: flags.calls,
    runsWithRefusal: flags.refusal,
    runsWithFailure: flags.failure,
    runsByStatus: [...statuses].map(([status, runs]) => ({ status, runs })),
    rows: [...groups.values()],
    stepKinds: [...kinds],
    // As the server sends it: only when some were.
    ...(unreadable > 0 ? { unreadableToolSteps: unreadable } : {}),
  }
}

describe('fromAggregate — property', () => {
  it('of a plain GROUP BY equals the fold, on random runs around DST days with odd values', () => {
    fc.assert(
      fc.property(datasetArb, (d) => {
        const scope = createScope({ ...d, tz: d.zone })
        expect(fromAggregate(groupBy(d))).toEqual(foldRuns(emptySummary(), d.runs, scope))
      }),
      { numRuns: 300 },
    )
  })
})
