/**
 * The fleet's `/summary` from exported rows equals the single installation's server on the same
 * tables: generated installations (hostile names, refusal codes, denied calls, unknown kinds and
 * statuses, every privacy level, DST) exported into the embedded ClickHouse, asked in every zone,
 * with and without tools; two installations together sum their answers.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parseSummaryParams } from '@/domain/api-query'
import { summaryResponseSchema, type SummaryResponse } from '@/domain/contract'
import { createScope } from '@/domain/summary'
import { createListedInstallation } from '@/mocks/variants'
import type { Database } from '../db/database'
import { openDatabase } from '../db/open-database'
import type { SummaryQuery } from '../read/summary-shape'
import { seedInstallation } from '../seed/seed-installation'
import { askServer } from '../testing/ask'
import { isoDay, queryArb, runArb, toRun } from '../testing/generated-runs'
import { emptyTables, generatedMeta } from '../testing/reseed'
import { serveSeeded, type SeededServer } from '../testing/serve-seeded'
import { openClickHouse, type ClickHouse } from './clickhouse'
import { Exporter } from './exporter'
import { fleetSummary } from './fleet-summary'

let served: SeededServer
let writer: Database
let reader: Database
let ch: ClickHouse
let folder: string
let exported = 0

beforeAll(async () => {
  served = await serveSeeded(
    'sqlite',
    createListedInstallation({ meta: generatedMeta(), tools: [], runs: [] }),
  )
  writer = openDatabase(served.databaseUrl, { write: true })
  reader = openDatabase(served.databaseUrl, { write: false })
  folder = mkdtempSync(join(tmpdir(), 'rd-fleet-'))
  ch = await openClickHouse(`chdb:${folder}`)
}, 120_000)

afterAll(async () => {
  await ch?.close()
  await reader?.close()
  await writer?.close()
  await served?.stop()
  if (folder) rmSync(folder, { recursive: true, force: true })
})

/** The query `/summary` parses from the filters' range, and its search string. */
function summaryQuery(q: QuerySpec) {
  const scope = createScope({
    from: isoDay(q.fromDay),
    to: isoDay(q.fromDay + q.days - 1),
    tz: q.tz,
    tools: q.tools,
  })
  const search = new URLSearchParams({
    from: new Date(scope.buckets.startMs).toISOString(),
    to: new Date(scope.buckets.endMs).toISOString(),
    tz: q.tz,
  })
  for (const tool of q.tools) search.append('tool', tool)
  const parsed = parseSummaryParams(search)
  if (!parsed.ok) throw new Error(parsed.message)
  return { query: parsed as SummaryQuery, search }
}
type QuerySpec = typeof queryArb extends fc.Arbitrary<infer T> ? T : never

/** Seeds `runs` alone and exports them as a new installation; its name. */
async function seedAndExport(specs: RunSpecs) {
  await emptyTables(writer)
  const levels = new Map(specs.map((spec) => [spec.uuid, spec.level]))
  await seedInstallation(writer, {
    ...createListedInstallation({ meta: generatedMeta(), tools: [], runs: specs.map(toRun) }),
    storedLevelOf: (uuid) => levels.get(uuid) ?? 'metadata',
  })
  exported += 1
  const name = `generated-${exported}`
  await new Exporter(reader, ch, name).pass()
  return name
}
type RunSpecs = (typeof runArb extends fc.Arbitrary<infer T> ? T : never)[]

describe('the fleet summary from ClickHouse', () => {
  it('equals the single installation server’s /summary, every zone', async () => {
    const ask = askServer(served.base)
    await fc.assert(
      fc.asyncProperty(
        fc.uniqueArray(runArb, { selector: (run) => run.uuid, maxLength: 12 }),
        fc.array(queryArb, { minLength: 1, maxLength: 3 }),
        async (specs, queries) => {
          const name = await seedAndExport(specs)
          for (const q of queries) {
            const { query, search } = summaryQuery(q)
            const answer = await ask(`/summary?${search}`)
            expect(answer.status, JSON.stringify(answer.body)).toBe(200)
            const expected = summaryResponseSchema.parse(answer.body)
            expect(await fleetSummary(ch, [name], query)).toEqual(expected)
          }
        },
      ),
      { numRuns: Number(process.env.RD_PROPERTY_RUNS ?? 25) },
    )
  })

  it('sums installations: two copies count twice, a run in each', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.uniqueArray(runArb, { selector: (run) => run.uuid, minLength: 1, maxLength: 8 }),
        queryArb,
        async (specs, q) => {
          const first = await seedAndExport(specs)
          await new Exporter(reader, ch, `${first}-copy`).pass()
          const { query } = summaryQuery(q)
          const one = await fleetSummary(ch, [first], query)
          const both = await fleetSummary(ch, [first, `${first}-copy`], query)
          expect(both).toEqual(doubled(one))
        },
      ),
      { numRuns: 10 },
    )
  })
})

function doubled(summary: SummaryResponse): SummaryResponse {
  const twice: SummaryResponse = {
    ...summary,
    runs: 2 * summary.runs,
    runsWithCalls: 2 * summary.runsWithCalls,
    runsWithRefusal: 2 * summary.runsWithRefusal,
    runsWithFailure: 2 * summary.runsWithFailure,
    runsByStatus: summary.runsByStatus.map((row) => ({ ...row, runs: 2 * row.runs })),
    rows: summary.rows.map((row) => ({ ...row, calls: 2 * row.calls })),
  }
  if (summary.unreadableToolSteps !== undefined) {
    twice.unreadableToolSteps = 2 * summary.unreadableToolSteps
  }
  return twice
}
