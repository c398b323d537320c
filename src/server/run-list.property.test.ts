/**
 * The server's sorted runs list (`/run-list`) is `listRuns` of the rows the browser folds from
 * the same server's `/runs`, on every engine: every page in order, the counts, what the filters
 * offer, and the CSV file, for random installations (hostile names and configurations, rounds 0
 * and past 31, unknown codes and statuses, denied calls), zones, tools, filters and orders.
 */
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runListPageSchema, runsPageSchema, type Run } from '../domain/contract'
import { runListSearch } from '../domain/api-query'
import {
  emptyRunsSummary,
  foldRunRows,
  listRuns,
  runListCsvContext,
  runRowFromItem,
  runsCsvChunks,
} from '../domain/runs'
import { createListedInstallation } from '../mocks/variants'
import type { Database } from './db/database'
import { openDatabase } from './db/open-database'
import { seedInstallation } from './seed/seed-installation'
import { allPages, askServer } from './testing/ask'
import { listedRunArb, toRun } from './testing/generated-runs'
import { listArb, longQueryArb, runListQueryOf } from './testing/run-list-arbs'
import { testEngines } from './testing/engines'
import { serveSeeded, type SeededServer } from './testing/serve-seeded'
import { emptyTables, generatedMeta } from './testing/reseed'

const engines = await testEngines()

describe.each(engines)('the sorted runs list on %s', (engine) => {
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

  it('pages, counts, offers and exports what listRuns gives of the folded /runs', async () => {
    const ask = askServer(served.base)
    await fc.assert(
      fc.asyncProperty(
        fc.uniqueArray(listedRunArb, { selector: (run) => run.uuid, minLength: 1, maxLength: 12 }),
        fc.array(fc.tuple(longQueryArb, listArb), { minLength: 1, maxLength: 3 }),
        async (specs, queries) => {
          await emptyTables(writer)
          await seedInstallation(
            writer,
            createListedInstallation({ meta: generatedMeta(), tools: [], runs: specs.map(toRun) }),
          )
          for (const [q, list] of queries) {
            const { scope, query } = runListQueryOf(q, list)
            const range = runListSearch(query, { offset: 0, limit: 1 })
            const pages = await allPages(
              ask,
              `/runs?from=${range.get('from')}&to=${range.get('to')}${q.tools.map((t) => `&tool=${encodeURIComponent(t)}`).join('')}&limit=5`,
            )
            const runs: Run[] = pages.flatMap((page) => runsPageSchema.parse(page.body).runs)
            const expected = listRuns(
              foldRunRows(emptyRunsSummary(), runs, scope).rows,
              query.filters,
              query.sort,
            )

            const rows = []
            for (let offset = 0; ; offset += list.limit) {
              const answer = await ask(
                `/run-list?${runListSearch(query, { offset, limit: list.limit })}`,
              )
              expect(answer.status, JSON.stringify(answer.body)).toBe(200)
              const page = runListPageSchema.parse(answer.body)
              expect(page.offset).toBe(offset)
              expect({ ...page, rows: [], offset: 0 }).toEqual({
                rows: [],
                offset: 0,
                totalRuns: expected.rows.length,
                calls: expected.calls,
                rangeRuns: expected.rangeRuns,
                configurations: expected.configurations,
                statuses: expected.statuses,
                otherCodes: expected.otherCodes,
              })
              rows.push(...page.rows.map(runRowFromItem))
              if (page.rows.length < list.limit) break
            }
            expect(rows).toEqual(expected.rows)

            const file = await fetch(
              `${served.base}/run-list?${runListSearch(query, { csv: { tz: q.tz } })}`,
            )
            expect(file.status).toBe(200)
            expect(file.headers.get('content-type')).toBe('text/csv; charset=utf-8')
            // The bytes as sent: `text()` would drop the byte order mark the file begins with.
            expect(Buffer.from(await file.arrayBuffer()).toString('utf8')).toBe(
              runsCsvChunks(expected.rows, runListCsvContext(query, q.tz)).join(''),
            )
          }
        },
      ),
      { numRuns: Number(process.env.RD_PROPERTY_RUNS ?? (engine === 'sqlite' ? 60 : 20)) },
    )
  })
})
