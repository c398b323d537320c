/**
 * Benchmarks 1 and 2 (decision 0013): folding pages into the summary against the floor (`JSON.parse`
 * of the same pages), and the same per-tool and per-day aggregation written with arquero.
 */
import * as aq from 'arquero'
import { fastRunsPage, runsPageSchema, type Run, type Step } from '@/domain/contract'
import { outcomeOf } from '@/domain/outcome'
import { createScope, emptySummary, foldRuns, type ToolSummary } from '@/domain/summary'
import { bucketDay, type DayBuckets } from '@/domain/time'
import type { BenchRow } from './harness'
import { releaseScaleData, scaleData } from './scale-data'

const SETTLE_MS = 500
const FILTERS = { from: '2026-09-01', to: '2026-11-28', tz: 'Europe/Berlin', tools: [] as string[] }

/** A full collection, then a pause while its sweeping finishes on helper threads. */
async function settledHeap(): Promise<void> {
  globalThis.gc?.()
  await new Promise((resolve) => setTimeout(resolve, SETTLE_MS))
}

function timed<T>(fn: () => T): { ms: number; value: T } {
  const start = performance.now()
  const value = fn()
  return { ms: performance.now() - start, value }
}

/**
 * The fastest of `runs` timings, each started on a clean, settled heap: a full collection, then
 * a pause while its sweeping finishes on helper threads, so no run pays for another's garbage.
 */
async function best<T>(fn: () => T, runs = 3): Promise<{ ms: number; value: T }> {
  let result: { ms: number; value: T } | null = null
  for (let i = 0; i < runs; i++) {
    await settledHeap()
    const next = timed(fn)
    if (result === null || next.ms < result.ms) result = next
  }
  if (result === null) throw new Error('best() needs at least one run')
  return result
}

type Nested = Record<string, Record<string, number>>

/** `rows` of `{ key, outcome, count }` as key → outcome → count. */
function nest(objects: readonly object[], key: string): Nested {
  const out: Nested = {}
  for (const row of objects as readonly Record<string, unknown>[]) {
    const inner = (out[String(row[key])] ??= {})
    inner[String(row.outcome)] = Number(row.count)
  }
  return out
}

/** Whether two count tables hold the same counts (key order aside). */
function sameCounts(a: Readonly<Nested>, b: Readonly<Nested>): boolean {
  const keys = Object.keys(a)
  if (keys.length !== Object.keys(b).length) return false
  return keys.every((key) => {
    const x = a[key] ?? {}
    const y = b[key] ?? {}
    const outcomes = Object.keys(x)
    return outcomes.length === Object.keys(y).length && outcomes.every((o) => x[o] === y[o])
  })
}

/**
 * arquero doing only the grouping: our own loop picks the counted tool steps and computes their
 * outcome and day into columns (what the aggregation decides, in plain JS), arquero groups and
 * counts. For information: arquero's least share of the work.
 */
function arqueroGroupingOnly(parsed: { runs: Run[] }[]) {
  const scope = createScope(FILTERS)
  const tool: string[] = []
  const day: string[] = []
  const outcome: string[] = []
  for (const page of parsed) {
    for (const run of page.runs) {
      for (const step of run.steps) {
        if (step.kind !== 'tool' || step.toolName === undefined) continue
        const d = bucketDay(scope.buckets, Date.parse(step.occurredAt))
        if (d === null) continue
        tool.push(step.toolName)
        day.push(d)
        outcome.push(outcomeOf(step))
      }
    }
  }
  const table = aq.table({ tool, day, outcome })
  const byTool = table.groupby('tool', 'outcome').count().objects()
  const byDay = table.groupby('day', 'outcome').count().objects()
  return { byTool, byDay }
}

/**
 * The same aggregation written with arquero (the goal's comparison): the steps flattened with
 * plain JS (arquero has no reader for runs holding steps), read into a table, filtered, derived
 * (with our outcome rule and day buckets, escaped) and grouped, all by arquero.
 */
function arqueroWritten(parsed: { runs: Run[] }[]) {
  const { buckets } = createScope(FILTERS)
  const steps: Step[] = parsed.flatMap((page) => page.runs.flatMap((run) => run.steps))
  type Row = Pick<Step, 'kind' | 'toolName' | 'occurredAt' | 'toolRefusal' | 'toolIsError'>
  const table = aq
    .from(steps, ['kind', 'toolName', 'occurredAt', 'toolRefusal', 'toolIsError'])
    .filter(aq.escape((d: Row) => d.kind === 'tool' && typeof d.toolName === 'string'))
  return deriveAndCount(table, buckets)
}

type ToolStepRow = Pick<Step, 'toolName' | 'occurredAt' | 'toolRefusal' | 'toolIsError'>

/** arquero's part of the two variants that derive in arquero: tool, day and outcome, then counts. */
function deriveAndCount(table: ReturnType<typeof aq.from>, buckets: DayBuckets) {
  const counted = table
    .derive({
      tool: (d: ToolStepRow) => d.toolName,
      day: aq.escape((d: ToolStepRow) => bucketDay(buckets, Date.parse(d.occurredAt))),
      outcome: aq.escape((d: ToolStepRow) => outcomeOf(d)),
    })
    .filter((d: { day: string | null }) => d.day !== null)
  const byTool = counted.groupby('tool', 'outcome').count().objects()
  const byDay = counted.groupby('day', 'outcome').count().objects()
  return { byTool, byDay }
}

/**
 * The same, with the tool steps picked in plain JS while flattening (a `filter` in the
 * `flatMap`), then read into a table, derived and grouped by arquero: fewer rows for arquero.
 */
function arqueroToolStepsFirst(parsed: { runs: Run[] }[]) {
  const { buckets } = createScope(FILTERS)
  const steps: Step[] = parsed.flatMap((page) =>
    page.runs.flatMap((run) =>
      run.steps.filter((step) => step.kind === 'tool' && typeof step.toolName === 'string'),
    ),
  )
  const table = aq.from(steps, ['toolName', 'occurredAt', 'toolRefusal', 'toolIsError'])
  return deriveAndCount(table, buckets)
}

/**
 * Parse, validate and fold page by page, as the load worker does (`request` runs `fastRunsPage`
 * on each parsed body; the fold reads the validated copy while it is fresh): the total time of
 * each. The median of three runs by fold / parse.
 */
async function pageByPage(pages: readonly string[], scope: ReturnType<typeof createScope>) {
  const runs: { parseMs: number; validateMs: number; foldMs: number }[] = []
  for (let i = 0; i < 3; i++) {
    await settledHeap()
    let parseMs = 0
    let validateMs = 0
    let foldMs = 0
    let summary: ToolSummary = emptySummary()
    for (const text of pages) {
      const start = performance.now()
      const json: unknown = JSON.parse(text)
      const parsed = performance.now()
      const page = fastRunsPage(json)
      const validated = performance.now()
      if (page === null) throw new Error('a scale page failed validation')
      summary = foldRuns(summary, page.runs, scope)
      foldMs += performance.now() - validated
      validateMs += validated - parsed
      parseMs += parsed - start
    }
    runs.push({ parseMs, validateMs, foldMs })
  }
  runs.sort((a, b) => a.foldMs / a.parseMs - b.foldMs / b.parseMs)
  return runs[1] ?? { parseMs: NaN, validateMs: NaN, foldMs: NaN }
}

export async function run(): Promise<BenchRow[]> {
  const data = scaleData()
  // First, while the heap holds only the page texts (as the worker's does).
  const pipeline = await pageByPage(data.pages, createScope(FILTERS))
  const parse = await best(() => data.pages.map((p) => JSON.parse(p) as { runs: Run[] }))
  const parsed = parse.value
  const scope = createScope(FILTERS)
  const fold = await best(() => {
    let summary: ToolSummary = emptySummary()
    for (const page of parsed) summary = foldRuns(summary, page.runs, scope)
    return summary
  })
  const validate = await best(() => parsed.map((p) => runsPageSchema.parse(p)), 1)
  const fastValidate = await best(() => parsed.map((p) => fastRunsPage(p)))
  const rejected = fastValidate.value.filter((p) => p === null).length
  // Same treatment as ours: best of three, each on a clean heap.
  const groupingOnly = await best(() => arqueroGroupingOnly(parsed))
  const groupingOnlyAgrees =
    sameCounts(nest(groupingOnly.value.byTool, 'tool'), fold.value.byTool) &&
    sameCounts(nest(groupingOnly.value.byDay, 'day'), fold.value.byDay)
  const written = await best(() => arqueroWritten(parsed))
  const writtenAgrees =
    sameCounts(nest(written.value.byTool, 'tool'), fold.value.byTool) &&
    sameCounts(nest(written.value.byDay, 'day'), fold.value.byDay)
  const toolStepsFirst = await best(() => arqueroToolStepsFirst(parsed))
  const toolStepsFirstAgrees =
    sameCounts(nest(toolStepsFirst.value.byTool, 'tool'), fold.value.byTool) &&
    sameCounts(nest(toolStepsFirst.value.byDay, 'day'), fold.value.byDay)
  const calls = Object.values(fold.value.byTool).reduce(
    (n, outcomes) => n + Object.values(outcomes).reduce((a, b) => a + b, 0),
    0,
  )
  releaseScaleData()
  const ratio = fold.ms / parse.ms
  const speedup = written.ms / fold.ms
  const everyAgrees = groupingOnlyAgrees && writtenAgrees && toolStepsFirstAgrees
  return [
    {
      bench: 'data',
      figure: 'runs / steps / tool steps',
      value: data.runs,
      unit: `runs, ${data.steps.toLocaleString('en-US')} steps, ${data.toolSteps.toLocaleString('en-US')} tool steps (${data.pages.length} pages, built in ${Math.round(data.buildMs)} ms)`,
    },
    { bench: 'fold', figure: 'JSON.parse of all pages', value: parse.ms, unit: 'ms' },
    {
      bench: 'fold',
      figure: 'fold into the summary',
      value: fold.ms,
      unit: `ms (${calls.toLocaleString('en-US')} calls counted)`,
    },
    {
      bench: 'fold',
      figure: 'fold / parse',
      value: ratio,
      unit: '×',
      goal: '≤ 0.10',
      met: ratio <= 0.1,
    },
    {
      bench: 'fold',
      figure:
        'fold / parse, page by page as the load worker runs them: parse, validate, fold (for information)',
      value: pipeline.foldMs / pipeline.parseMs,
      unit: `× (fold ${Math.round(pipeline.foldMs)} ms, parse ${Math.round(pipeline.parseMs)} ms, validation ${Math.round(pipeline.validateMs)} ms; median of 3)`,
    },
    {
      bench: 'validate',
      figure: 'fast validation, same output as zod (what the client runs)',
      value: fastValidate.ms,
      unit: `ms (${rejected} pages left to zod)`,
    },
    {
      bench: 'validate',
      figure: 'zod validation of all pages (for information)',
      value: validate.ms,
      unit: 'ms',
    },
    {
      bench: 'arquero',
      figure: 'the same aggregation written with arquero: from → filter → derive → groupby',
      value: written.ms,
      unit: `ms (best of 3, like ours; ${written.value.byTool.length} tool × outcome and ${written.value.byDay.length} day × outcome groups)`,
    },
    {
      bench: 'arquero',
      figure: 'arquero counts per tool and per day equal ours (all three variants)',
      value: everyAgrees ? 1 : 0,
      unit: everyAgrees ? 'yes, every count' : 'NO — an aggregation differs from ours',
      goal: 'equal',
      met: everyAgrees,
    },
    {
      bench: 'arquero',
      figure: 'arquero / ours',
      value: speedup,
      unit: '× faster (ours)',
      goal: '≥ 5',
      met: speedup >= 5,
    },
    {
      bench: 'arquero',
      figure: 'arquero with the tool steps picked in plain JS first (for information)',
      value: toolStepsFirst.ms,
      unit: `ms; ours ${(toolStepsFirst.ms / fold.ms).toFixed(2)}× faster${toolStepsFirstAgrees ? '' : ' — NO, its counts differ from ours'}`,
    },
    {
      bench: 'arquero',
      figure:
        'arquero grouping only, after our own loop picked the steps and computed outcome and day (for information)',
      value: groupingOnly.ms,
      unit: `ms; ours ${(groupingOnly.ms / fold.ms).toFixed(2)}× faster${groupingOnlyAgrees ? '' : ' — NO, its counts differ from ours'}`,
    },
  ]
}
