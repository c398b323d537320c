/**
 * On generated installations — hostile tool names (quotes, %, _, backslashes, NUL, right-to-left
 * overrides, names differing only in case or a trailing space), refusal codes beside
 * `toolIsError: true`, `toolRefusal` absent and null, approvals denied and given before failing
 * calls, tool results holding U+0000, unknown kinds, runs across DST changes — the server's
 * `/summary` equals the dashboard's own fold of the server's `/runs`, in every zone, on every
 * engine; so do its runs list's rows (`/run-rows`); and `/runs` serves the runs as they were
 * recorded.
 */
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  runRowsPageSchema,
  runsPageSchema,
  summaryResponseSchema,
  type Run,
} from '../domain/contract'
import { emptyRunsSummary, foldRunRows, foldServedRows, type RunRow } from '../domain/runs'
import { createScope, emptySummary, foldRuns, fromAggregate } from '../domain/summary'
import type { MockRun, MockStep } from '../mocks/installation'
import { createListedInstallation } from '../mocks/variants'
import { openDatabase } from './db/open-database'
import type { Database } from './db/database'
import { markDeniedCalls } from '../domain/denied-calls'
import { asRecorded } from './seed/as-recorded'
import { seedInstallation } from './seed/seed-installation'
import { allPages, askServer } from './testing/ask'
import { filtersOf, queryArb, runArb, toRun } from './testing/generated-runs'
import { testEngines } from './testing/engines'
import { serveSeeded, type SeededServer } from './testing/serve-seeded'
import { emptyTables, generatedMeta } from './testing/reseed'

const engines = await testEngines()

describe.each(engines)('generated installations on %s', (engine) => {
  let served: SeededServer
  let writer: Database
  beforeAll(async () => {
    served = await serveSeeded(
      engine,
      createListedInstallation({ meta: generatedMeta(), tools: [], runs: [] }),
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
          await emptyTables(writer)
          const levels = new Map(specs.map((spec) => [spec.uuid, spec.level]))
          await seedInstallation(writer, {
            ...createListedInstallation({ meta: generatedMeta(), tools: [], runs }),
            storedLevelOf: (uuid) => levels.get(uuid) ?? 'metadata',
          })
          for (const q of queries) {
            const filters = filtersOf(q)
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
            const rowPages = await allPages(ask, `/run-rows?${search}&limit=3`)
            const served = rowPages.flatMap((page) => {
              expect(page.status, JSON.stringify(page.body)).toBe(200)
              return runRowsPageSchema.parse(page.body).rows
            })
            expect(byUuid(foldServedRows(emptyRunsSummary(), served).rows)).toEqual(
              byUuid(foldRunRows(emptyRunsSummary(), listed, scope).rows),
            )
          }
          const everything = (await allPages(ask, '/runs?limit=500')).flatMap(
            (page) => (page.body as { runs: unknown[] }).runs,
          )
          const expected = createListedInstallation({
            meta: generatedMeta(),
            tools: [],
            runs: runs.map(asRecorded),
          })
          const recorded = expected.queryRuns({ from: null, to: null, tools: [] }, null, 500).runs
          expect(everything.map(withoutReport)).toEqual(recorded.map(asServed))
          const reported = everything.flatMap(
            (run) => (run as { unreadableSteps?: unknown[] }).unreadableSteps ?? [],
          )
          expect(reported).toEqual([])
        },
      ),
      { numRuns: Number(process.env.RD_PROPERTY_RUNS ?? (engine === 'sqlite' ? 40 : 15)) },
    )
  })
})

/**
 * A run as the server serves it on every engine: U+0000 in a name read as U+FFFD (PostgreSQL can
 * hold no U+0000, and the other engines read it alike), calls after a denied approval denied.
 */
function asServed(run: MockRun): MockRun {
  const steps = run.steps.map((step): MockStep =>
    step.toolName === undefined
      ? step
      : { ...step, toolName: step.toolName.replaceAll('\u0000', '\uFFFD') },
  )
  return { ...run, steps: markDeniedCalls(steps) }
}

const byUuid = (rows: readonly RunRow[]) =>
  [...rows].sort((a, b) => (a.uuid < b.uuid ? -1 : a.uuid > b.uuid ? 1 : 0))

function withoutReport(run: unknown): unknown {
  const rest = { ...(run as Record<string, unknown>) }
  delete rest.unreadableSteps
  return rest
}
