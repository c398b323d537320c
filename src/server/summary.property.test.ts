/**
 * On generated installations — hostile tool names (quotes, %, _, backslashes, NUL, right-to-left
 * overrides, names differing only in case or a trailing space), refusal codes beside
 * `toolIsError: true`, `toolRefusal` absent and null, unknown kinds, runs across DST changes —
 * the server's `/summary` equals the dashboard's own fold of the server's `/runs`, in every zone,
 * on every engine; and `/runs` serves the runs as they were recorded.
 */
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runsPageSchema, summaryResponseSchema, type Run } from '../domain/contract'
import { createScope, emptySummary, foldRuns, fromAggregate } from '../domain/summary'
import { addDays, type IsoDay } from '../domain/time'
import type { MockRun, MockStep } from '../mocks/installation'
import { createListedInstallation } from '../mocks/variants'
import { HOSTILE_CORPUS } from '../../test/fixtures/hostile-corpus'
import { openDatabase } from './db/open-database'
import type { Database } from './db/database'
import { asRecorded } from './seed/as-recorded'
import { seedInstallation } from './seed/seed-installation'
import { EVENTS, MCP_SERVERS, MCP_TOOLS, RUNS } from './sql/tables'
import { allPages, askServer } from './testing/ask'
import { testEngines } from './testing/engines'
import { serveSeeded, type SeededServer } from './testing/serve-seeded'

const TOOL_NAMES = [
  'update_page_metadata',
  'Update_Page_Metadata',
  'update_page_metadata ',
  'tool_with_%_and__',
  'back\\slash',
  `quote'"name`,
  'nul\u0000inside',
  '\u202Eevil\u202C',
  'émoji 🛠️',
  'x'.repeat(300),
  ...HOSTILE_CORPUS.slice(0, 8).map((entry) => entry.value),
]
const CODES = ['arguments', 'turn', 'Arguments', 'schema', '=1+1', '']
const ZONES = [
  'UTC',
  'Asia/Kolkata',
  'Pacific/Chatham',
  'America/New_York',
  'Europe/Berlin',
  'Australia/Lord_Howe',
  'Asia/Kathmandu',
  'America/St_Johns',
]
const START = Date.UTC(2026, 9, 22)
const SPAN_DAYS = 14

const stepArb = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('tool'),
      toolName: fc.constantFrom(...TOOL_NAMES),
      toolIsError: fc.boolean(),
      toolRefusal: fc.option(fc.option(fc.constantFrom(...CODES), { nil: null }), {
        nil: undefined,
      }),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constantFrom('llm', 'request', 'context', 'approval', 'reasoning', 'tool call'),
    }),
  },
)

const runArb = fc.record({
  uuid: fc.uuid(),
  status: fc.constantFrom(
    'completed',
    'failed',
    'running',
    'queued',
    'waiting_for_approval',
    'weird "status"',
  ),
  startOffset: fc.integer({ min: 0, max: SPAN_DAYS * 86_400_000 }),
  gaps: fc.array(fc.integer({ min: 0, max: 7 * 3_600_000 }), { maxLength: 6 }),
  steps: fc.array(stepArb, { maxLength: 6 }),
})

type RunSpec = typeof runArb extends fc.Arbitrary<infer T> ? T : never

function toRun(spec: RunSpec): MockRun {
  const start = START + spec.startOffset
  let at = start
  const steps: MockStep[] = spec.steps.map((s, sequence) => {
    at += spec.gaps[sequence] ?? 1_500
    const step: MockStep = {
      sequence,
      kind: s.kind,
      round: 1,
      occurredAt: new Date(at).toISOString(),
      durationMs: (sequence * 37.25) % 1000,
    }
    if ('toolName' in s) {
      step.toolName = s.toolName
      step.toolIsError = s.toolIsError
      if (s.toolRefusal !== undefined) step.toolRefusal = s.toolRefusal
    }
    if (s.kind === 'approval') step.approved = sequence % 2 === 0
    return step
  })
  return {
    uuid: spec.uuid,
    status: spec.status,
    configuration: 'page-editor',
    startedAt: new Date(start).toISOString(),
    finishedAt: spec.status === 'completed' ? new Date(at + 1000).toISOString() : null,
    terminationReason: spec.status === 'completed' ? 'completed' : null,
    steps,
  }
}

const queryArb = fc.record({
  fromDay: fc.integer({ min: -1, max: SPAN_DAYS }),
  days: fc.integer({ min: 1, max: SPAN_DAYS + 2 }),
  tz: fc.constantFrom(...ZONES),
  tools: fc.oneof(
    fc.constant<string[]>([]),
    fc.uniqueArray(fc.constantFrom(...TOOL_NAMES, 'no_such_tool'), { minLength: 1, maxLength: 3 }),
  ),
})

const isoDay = (offsetDays: number): IsoDay =>
  addDays(new Date(START).toISOString().slice(0, 10), offsetDays)

const engines = await testEngines()

describe.each(engines)('generated installations on %s', (engine) => {
  let served: SeededServer
  let writer: Database
  beforeAll(async () => {
    served = await serveSeeded(
      engine,
      createListedInstallation({ meta: meta(), tools: [], runs: [] }),
    )
    writer = openDatabase(served.databaseUrl, { write: true })
  }, 120_000)
  afterAll(async () => {
    await writer?.close()
    await served?.stop()
  })

  it('answers /summary as the fold of its own /runs, and /runs as recorded', async () => {
    const ask = askServer(served.base)
    await fc.assert(
      fc.asyncProperty(
        fc.uniqueArray(runArb, { selector: (run) => run.uuid, maxLength: 12 }),
        fc.array(queryArb, { minLength: 1, maxLength: 3 }),
        async (specs, queries) => {
          const runs = specs.map(toRun)
          for (const table of [EVENTS, RUNS, MCP_TOOLS, MCP_SERVERS])
            await writer.query(`DELETE FROM ${table}`)
          await seedInstallation(
            writer,
            createListedInstallation({ meta: meta(), tools: [], runs }),
          )
          for (const q of queries) {
            const filters = {
              from: isoDay(q.fromDay),
              to: isoDay(q.fromDay + q.days - 1),
              tz: q.tz,
              tools: q.tools,
            }
            const scope = createScope(filters)
            const search = new URLSearchParams({
              from: new Date(scope.buckets.startMs).toISOString(),
              to: new Date(scope.buckets.endMs).toISOString(),
            })
            for (const tool of q.tools) search.append('tool', tool)
            const pages = await allPages(ask, `/runs?${search}&limit=5`)
            const listed: Run[] = pages.flatMap((page) => {
              expect(page.status).toBe(200)
              return runsPageSchema.parse(page.body).runs
            })
            const answer = await ask(`/summary?${search}&tz=${encodeURIComponent(q.tz)}`)
            expect(answer.status, JSON.stringify(answer.body)).toBe(200)
            const aggregated = fromAggregate(summaryResponseSchema.parse(answer.body))
            expect(aggregated).toEqual(foldRuns(emptySummary(), listed, scope))
          }
          const everything = (await allPages(ask, '/runs?limit=500')).flatMap(
            (page) => (page.body as { runs: unknown[] }).runs,
          )
          const expected = createListedInstallation({
            meta: meta(),
            tools: [],
            runs: runs.map(asRecorded),
          })
          const recorded = expected.queryRuns({ from: null, to: null, tools: [] }, null, 500).runs
          expect(everything.map(withoutReport)).toEqual(
            recorded.map((run) => readable(run, engine)),
          )
          const reported = everything.flatMap(
            (run) => (run as { unreadableSteps?: unknown[] }).unreadableSteps ?? [],
          )
          const unread = recorded
            .flatMap((run) => run.steps)
            .filter((step) => !isReadable(step, engine))
          expect(reported).toHaveLength(unread.length)
        },
      ),
      { numRuns: Number(process.env.RD_PROPERTY_RUNS ?? (engine === 'sqlite' ? 40 : 15)) },
    )
  })
})

/** PostgreSQL's jsonb cannot hold U+0000: such a payload cannot be read there, and is reported. */
const isReadable = (step: MockStep, engine: string): boolean =>
  engine !== 'postgres' || !(step.toolName ?? '').includes('\u0000')

function readable(run: MockRun, engine: string): MockRun {
  return { ...run, steps: run.steps.filter((step) => isReadable(step, engine)) }
}

function withoutReport(run: unknown): unknown {
  const rest = { ...(run as Record<string, unknown>) }
  delete rest.unreadableSteps
  return rest
}

function meta() {
  return {
    installation: 'Generated',
    privacyLevel: 'metadata',
    earliestAt: null,
    latestAt: null,
    retentionDays: null,
    argumentCheckSince: null,
  }
}
