import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { KNOWN_STEP_KINDS, type Run, type Step, type UnreadableStep } from '../contract'
import { outcomeOf } from '../outcome'
import { bucketDay, dayOf } from '../time'
import { foldRuns } from './fold-runs'
import { mergeSummaries } from './merge-summaries'
import { countedTimeIn, createScope } from './scope'
import { emptySummary, type ToolSummary } from './summary'
import { datasetArb } from './test-data'

type Dataset = { from: string; to: string; zone: string; tools: string[]; runs: Run[] }

/** A deliberately simple fold: the contract's rule read off the page, days by Intl per step. */
function naiveSummary({ from, to, zone, tools, runs }: Dataset): ToolSummary {
  const byTool = new Map<string, Map<string, number>>()
  const byDay = new Map<string, Map<string, number>>()
  const statuses = new Map<string, number>()
  const bump = (table: Map<string, Map<string, number>>, key: string, outcome: string) => {
    const inner = table.get(key) ?? new Map<string, number>()
    inner.set(outcome, (inner.get(outcome) ?? 0) + 1)
    table.set(key, inner)
  }
  const codes = new Set<string>()
  const kinds = new Set<string>()
  const unknownStatuses = new Set<string>()
  let runsWithCalls = 0
  let runsWithRefusal = 0
  let runsWithFailure = 0
  let unreadableToolSteps = 0
  for (const run of runs) {
    statuses.set(run.status, (statuses.get(run.status) ?? 0) + 1)
    // A tool call the installation could not read (not listed), in range, maybe a selected tool.
    for (const entry of run.unreadableSteps ?? []) {
      const day = dayOf(new Date(entry.occurredAt).getTime(), zone)
      if (entry.listed || entry.kind !== 'tool' || day < from || day > to) continue
      if (tools.length > 0 && entry.toolName !== undefined && !tools.includes(entry.toolName))
        continue
      unreadableToolSteps++
    }
    if (run.status === 'paused') unknownStatuses.add(run.status)
    const outcomes: string[] = []
    for (const step of run.steps) {
      const day = dayOf(new Date(step.occurredAt).getTime(), zone)
      if (day < from || day > to) continue
      if (!(KNOWN_STEP_KINDS as readonly string[]).includes(step.kind)) kinds.add(step.kind)
      if (step.kind !== 'tool' || step.toolName === undefined) continue
      if (tools.length > 0 && !tools.includes(step.toolName)) continue
      let outcome: string
      if (step.toolRefusal === 'arguments') outcome = 'refused:arguments'
      else if (step.toolRefusal === 'turn') outcome = 'refused:turn'
      else if (typeof step.toolRefusal === 'string') {
        outcome = `refused:${step.toolRefusal}`
        codes.add(step.toolRefusal)
      } else if (step.toolDenied === true) outcome = 'denied'
      else outcome = step.toolIsError ? 'failed' : 'succeeded'
      bump(byTool, step.toolName, outcome)
      bump(byDay, day, outcome)
      outcomes.push(outcome)
    }
    if (outcomes.length > 0) runsWithCalls++
    if (outcomes.some((o) => o.startsWith('refused:'))) runsWithRefusal++
    if (outcomes.includes('failed')) runsWithFailure++
  }
  const plain = (table: Map<string, Map<string, number>>) =>
    Object.fromEntries([...table].map(([key, inner]) => [key, Object.fromEntries(inner)]))
  return {
    runs: runs.length,
    runsWithCalls,
    runsWithRefusal,
    runsWithFailure,
    runsByStatus: Object.fromEntries(statuses),
    byTool: plain(byTool),
    byDay: plain(byDay),
    unknownRefusalCodes: [...codes].sort(),
    unknownStepKinds: [...kinds].sort(),
    unknownRunStatuses: [...unknownStatuses].sort(),
    unreadableToolSteps,
  }
}

const scopeOf = (d: Dataset) => createScope({ from: d.from, to: d.to, tz: d.zone, tools: d.tools })
const fold = (d: Dataset, runs: Run[] = d.runs) => foldRuns(emptySummary(), runs, scopeOf(d))

describe('foldRuns — properties', () => {
  it('equals a naive reference on random datasets around DST transitions', () => {
    fc.assert(
      fc.property(datasetArb, (dataset) => {
        expect(fold(dataset)).toEqual(naiveSummary(dataset))
      }),
      { numRuns: 300 },
    )
  })

  it('gives the same summary whatever the order of runs and of their steps', () => {
    // The fold keeps the last counted day and counts runs by streaks of one status: neither may
    // depend on order. Sorting runs by status makes long streaks; reversing steps moves back in time.
    fc.assert(
      fc.property(datasetArb, fc.boolean(), (dataset, byStatus) => {
        const runs = dataset.runs.map((run) => ({ ...run, steps: [...run.steps].reverse() }))
        if (byStatus) runs.sort((a, b) => (a.status < b.status ? -1 : a.status > b.status ? 1 : 0))
        else runs.reverse()
        expect(fold(dataset, runs)).toEqual(fold(dataset))
      }),
      { numRuns: 200 },
    )
  })

  it('puts calls on either side of each day boundary in their own days', () => {
    const dataset: Dataset = {
      from: '2026-10-24',
      to: '2026-10-26',
      zone: 'Europe/Berlin',
      tools: [],
      runs: [],
    }
    const { bounds } = scopeOf(dataset).buckets
    // Around every boundary (a 25-hour day among them): 1 ms before, on it, then before again.
    const times = bounds.flatMap((b) => [b - 1, b, b - 1])
    const run: Run = {
      uuid: 'u',
      status: 'completed',
      configuration: 'c',
      startedAt: new Date(bounds[0] ?? 0).toISOString(),
      finishedAt: null,
      terminationReason: null,
      steps: times.map((ms, sequence) => ({
        sequence,
        kind: 'tool',
        round: 1,
        occurredAt: new Date(ms).toISOString(),
        durationMs: 1,
        toolName: 'create_page',
        toolIsError: false,
      })),
    }
    const summary = fold({ ...dataset, runs: [run] })
    expect(summary).toEqual(naiveSummary({ ...dataset, runs: [run] }))
    expect(summary.byDay).toEqual({
      '2026-10-24': { succeeded: 3 },
      '2026-10-25': { succeeded: 3 },
      '2026-10-26': { succeeded: 3 },
    })
  })

  it('gives the same summary for any page split, folded on or merged', () => {
    fc.assert(
      fc.property(datasetArb, fc.array(fc.nat(), { maxLength: 4 }), (dataset, rawCuts) => {
        const cuts = [...new Set(rawCuts.map((c) => c % (dataset.runs.length + 1)))].sort(
          (a, b) => a - b,
        )
        const pages = [0, ...cuts].map((start, i) =>
          dataset.runs.slice(start, cuts[i] ?? undefined),
        )
        const scope = scopeOf(dataset)
        const whole = fold(dataset)
        const folded = pages.reduce((acc, page) => foldRuns(acc, page, scope), emptySummary())
        const merged = pages
          .map((page) => foldRuns(emptySummary(), page, scope))
          .reduce(mergeSummaries, emptySummary())
        expect(folded).toEqual(whole)
        expect(merged).toEqual(whole)
      }),
      { numRuns: 150 },
    )
  })

  it('merges associatively and commutatively, with the empty summary as identity', () => {
    fc.assert(
      fc.property(datasetArb, datasetArb, datasetArb, (a, b, c) => {
        const [x, y, z] = [fold(a), fold(b), fold(c)]
        expect(mergeSummaries(mergeSummaries(x, y), z)).toEqual(
          mergeSummaries(x, mergeSummaries(y, z)),
        )
        expect(mergeSummaries(x, y)).toEqual(mergeSummaries(y, x))
        expect(mergeSummaries(x, emptySummary())).toEqual(x)
      }),
      { numRuns: 100 },
    )
  })

  it('is plain JSON: survives JSON and structured clone unchanged, and does not mutate its input', () => {
    fc.assert(
      fc.property(datasetArb, (dataset) => {
        const summary = fold(dataset)
        expect(JSON.parse(JSON.stringify(summary))).toEqual(summary)
        expect(structuredClone(summary)).toEqual(summary)
        const again = foldRuns(JSON.parse(JSON.stringify(summary)), dataset.runs, scopeOf(dataset))
        expect(summary).toEqual(fold(dataset))
        expect(again.runs).toBe(summary.runs * 2)
      }),
      { numRuns: 50 },
    )
  })
})

/** Nested counts of `key` → outcome → calls, from `[key, outcome]` pairs (prototype-free, as a
 * tool may be named `__proto__`). */
function tally(
  pairs: readonly (readonly [string, string])[],
): Record<string, Record<string, number>> {
  const out = Object.create(null) as Record<string, Record<string, number>>
  for (const [key, outcome] of pairs) {
    const inner = (out[key] ??= Object.create(null) as Record<string, number>)
    inner[outcome] = (inner[outcome] ?? 0) + 1
  }
  return out
}

/** A copy of `s` that is a different string object (not internalized, like a long parsed value). */
const fresh = (s: string): string => [...s].join('')

describe('foldRuns — agrees with the shared rules on odd steps', () => {
  // Steps of the random datasets, some without a tool name or with an odd or unparsable time.
  const perturbedArb = datasetArb.chain((dataset) =>
    fc
      .array(fc.constantFrom('keep', 'keep', 'keep', 'no-name', 'garbage', 'date-only', 'fresh'), {
        minLength: 200,
        maxLength: 200,
      })
      .map((edits) => {
        let n = 0
        const runs = dataset.runs.map((run) => ({
          ...run,
          steps: run.steps.map((step): Step => {
            const edit = edits[n++ % edits.length]
            const { toolName, ...rest } = step
            if (edit === 'no-name') return rest
            if (edit === 'garbage') return { ...step, occurredAt: 'not a time' }
            if (edit === 'date-only') return { ...step, occurredAt: step.occurredAt.slice(0, 10) }
            if (edit === 'fresh' && toolName !== undefined)
              return { ...step, kind: fresh(step.kind), toolName: fresh(toolName) }
            return step
          }),
        }))
        return { ...dataset, runs }
      }),
  )

  it('counts exactly the steps countedTimeIn gives a time, by outcomeOf, on their day', () => {
    fc.assert(
      fc.property(perturbedArb, (dataset) => {
        const scope = scopeOf(dataset)
        const countedTime = countedTimeIn(scope)
        const byTool: [string, string][] = []
        const byDay: [string, string][] = []
        for (const run of dataset.runs) {
          for (const step of run.steps) {
            const t = countedTime(step)
            if (Number.isNaN(t) || step.toolName === undefined) continue
            byTool.push([step.toolName, outcomeOf(step)])
            byDay.push([bucketDay(scope.buckets, t) ?? 'none', outcomeOf(step)])
          }
        }
        const summary = fold(dataset)
        expect(summary.byTool).toEqual(tally(byTool))
        expect(summary.byDay).toEqual(tally(byDay))
      }),
      { numRuns: 300 },
    )
  })

  it('knows the contract’s step kinds whatever string object carries them', () => {
    const dataset: Dataset = {
      from: '2026-11-03',
      to: '2026-11-03',
      zone: 'UTC',
      tools: [],
      runs: [],
    }
    const kinds = [...KNOWN_STEP_KINDS.filter((kind) => kind !== 'tool'), 'plan', 'request_v2']
    const run: Run = {
      uuid: 'u',
      status: 'completed',
      configuration: 'c',
      startedAt: '2026-11-03T10:00:00Z',
      finishedAt: null,
      terminationReason: null,
      steps: kinds.flatMap((kind, sequence) =>
        [kind, fresh(kind)].map((k) => ({
          sequence,
          kind: k,
          round: 1,
          occurredAt: '2026-11-03T10:00:00Z',
          durationMs: 1,
        })),
      ),
    }
    expect(fold({ ...dataset, runs: [run] }).unknownStepKinds).toEqual(['plan', 'request_v2'])
  })

  it('skips steps of raw JSON whose kind or tool name is not a string', () => {
    const at = '2026-11-03T10:00:00.000Z'
    const odd = [
      { kind: null, occurredAt: at },
      { kind: 5, occurredAt: at },
      { occurredAt: at },
      { kind: 'tool', toolName: null, toolIsError: false, occurredAt: at },
      { kind: 'tool', toolName: 7, toolIsError: true, occurredAt: at },
      { kind: 'tool', toolName: 'create_page', toolIsError: false, occurredAt: at },
    ]
    // Raw JSON that the contract's Run type cannot describe: the cast is the point of the test.
    const run = {
      uuid: 'u',
      status: 'completed',
      configuration: 'c',
      startedAt: at,
      finishedAt: null,
      terminationReason: null,
      steps: odd.map((step, sequence) => ({ ...step, sequence, round: 1, durationMs: 1 })),
    } as unknown as Run
    const summary = foldRuns(
      emptySummary(),
      [run],
      createScope({ from: '2026-11-03', to: '2026-11-03', tz: 'UTC', tools: [] }),
    )
    expect(summary.byTool).toEqual({ create_page: { succeeded: 1 } })
    expect(summary.unknownStepKinds).toEqual([])
    expect(summary.runsWithCalls).toBe(1)
  })
})

describe('foldRuns — unreadable steps', () => {
  const at = '2026-11-03T10:00:00.000Z'
  const entry = (over: Partial<UnreadableStep> = {}): UnreadableStep => ({
    sequence: 9,
    kind: 'tool',
    round: 1,
    occurredAt: at,
    listed: false,
    reason: '"toolIsError": expected boolean, received string',
    ...over,
  })
  const runWith = (unreadableSteps: UnreadableStep[] | undefined): Run => ({
    uuid: 'u',
    status: 'completed',
    configuration: 'c',
    startedAt: at,
    finishedAt: null,
    terminationReason: null,
    steps: [
      {
        sequence: 0,
        kind: 'tool',
        round: 1,
        occurredAt: at,
        durationMs: 1,
        toolName: 'create_page',
        toolIsError: false,
      },
    ],
    ...(unreadableSteps === undefined ? {} : { unreadableSteps }),
  })
  const day = { from: '2026-11-03', to: '2026-11-03', zone: 'UTC' }
  const entries = [
    entry(), // counted: an unlisted tool call without a readable name
    entry({ toolName: 'create_page' }), // counted: a selected tool's
    entry({ toolName: 'get_tca' }), // counted only without a tool filter
    entry({ listed: true, toolName: 'create_page' }), // listed: counted as its step instead
    entry({ kind: 'tool_write' }), // not a tool call
    entry({ kind: 'llm', toolName: 'create_page' }),
    entry({ occurredAt: '2026-11-04T00:00:00.000Z' }), // the day after the range
    entry({ occurredAt: '2026-11-02T23:59:59.999Z' }), // the day before
    entry({ occurredAt: '2026-11-03T23:59:59.999+00:00' }), // the range's last instant
  ]

  it('counts the unlisted tool calls in the range, of a selected tool or one without a name', () => {
    const every = fold({ ...day, tools: [], runs: [runWith(entries)] })
    expect(every.unreadableToolSteps).toBe(4)
    const picked = fold({ ...day, tools: ['create_page'], runs: [runWith(entries)] })
    expect(picked.unreadableToolSteps).toBe(3)
    // The listed step's own call is counted as usual; nothing else changes.
    expect(every.byTool).toEqual({ create_page: { succeeded: 1 } })
    expect(fold({ ...day, tools: [], runs: [runWith(undefined)] })).toEqual({
      ...every,
      unreadableToolSteps: 0,
    })
  })

  it('equals the naive reference, and adds up over pages, on runs that all report some', () => {
    fc.assert(
      fc.property(datasetArb, (dataset) => {
        const reported = dataset.runs.filter((run) => run.unreadableSteps !== undefined)
        const d = { ...dataset, runs: reported }
        const whole = fold(d)
        expect(whole).toEqual(naiveSummary(d))
        const halves = [reported.slice(0, 2), reported.slice(2)].map((runs) => fold(d, runs))
        expect(mergeSummaries(halves[0] ?? emptySummary(), halves[1] ?? emptySummary())).toEqual(
          whole,
        )
      }),
      { numRuns: 300 },
    )
  })

  it('skips entries of raw JSON that are not objects, and a list that is not one', () => {
    const odd = [null, 7, 'tool', { kind: 'tool', listed: false, occurredAt: 5 }, entry()]
    // Raw JSON the Run type cannot describe: the cast is the point of the test.
    const runs = [
      { ...runWith(undefined), unreadableSteps: odd },
      { ...runWith(undefined), unreadableSteps: { length: 3 } },
    ] as unknown as Run[]
    expect(fold({ ...day, tools: [], runs }).unreadableToolSteps).toBe(1)
  })
})
