/**
 * The fleet's `/summary` from exported rows equals the single installation's server on the same
 * tables: generated installations (hostile names, refusal codes, denied calls, unknown kinds and
 * statuses, every privacy level, DST) exported into the embedded ClickHouse, asked in every zone,
 * with and without tools, and its `/run-rows` and `/runs` page by page, and each run's
 * `/runs/{uuid}`; two installations together sum
 * their answers. On every engine the
 * tests reach: the exporter reads each one's tables with its own SQL.
 */
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  effectResponseSchema,
  summaryResponseSchema,
  type SummaryResponse,
} from '@/domain/contract'
import { effectFromWire, mergeEffectSummaries } from '@/domain/effect'
import type { Database } from '../db/database'
import { API_BASE } from '../http/api-handler'
import { listen, type Listening } from '../http/listen'
import { askServer } from '../testing/ask'
import {
  listedRunArb,
  queryArb,
  runArb,
  SPAN_DAYS,
  START,
  summaryQueryOf,
  toRun,
  ZONES,
} from '../testing/generated-runs'
import { listArb, longQueryArb, runListQueryOf } from '../testing/run-list-arbs'
import { parseSummaryParams, runListSearch } from '@/domain/api-query'
import {
  aroundItsStart,
  effectRunArb,
  straddlingRun,
  twiceRun,
  windowArb,
  windowInstants,
} from '../testing/effect-arbs'
import { testEngines } from '../testing/engines'
import { reseedRuns } from '../testing/reseed'
import type { ClickHouse } from './clickhouse'
import { Exporter } from './exporter'
import { createFleetHandler } from './fleet-handler'
import { startFleetFixture, type FleetFixture } from './fleet-fixture'
import { fleetEffect } from './fleet-effect'
import { fleetSummary } from './fleet-summary'

const engines = await testEngines()
const QUARTER_MS = 900_000
type RunSpecs = (typeof runArb extends fc.Arbitrary<infer T> ? T : never)[]

describe.each(engines)('the fleet summary from ClickHouse, exported from %s', (engine) => {
  let fixture: FleetFixture
  let writer: Database
  let reader: Database
  let ch: ClickHouse
  let exported = 0

  let fleetApi: Listening

  beforeAll(async () => {
    fixture = await startFleetFixture([], engine)
    ;({ writer, reader, ch } = fixture)
    fleetApi = await listen({
      handle: createFleetHandler({ ch, tokens: null, log: () => undefined }),
      host: '127.0.0.1',
      port: 0,
    })
  }, 120_000)

  afterAll(async () => {
    await fleetApi?.close()
    await fixture?.stop()
  })

  /**
   * Every page of `path` from the installation's server and of `fleetPath` from the fleet's, each
   * following its own cursors: equal answers, page by page.
   */
  async function expectSamePages(path: string, fleetPath: string, search: URLSearchParams) {
    const own = askServer(fixture.served.base)
    const fleet = askServer(`${fleetApi.url}${API_BASE}`)
    let pages = 0
    for (let mine: string | null = '', theirs: string | null = ''; ; pages += 1) {
      const expected = await own(`${path}?${withCursor(search, mine)}`)
      const answer = await fleet(`${fleetPath}?${withCursor(search, theirs)}`)
      expect(expected.status, JSON.stringify(expected.body)).toBe(200)
      expect(answer).toEqual(expected)
      const body = expected.body as { nextCursor: string | null }
      if (body.nextCursor === null) break
      mine = body.nextCursor
      theirs = (answer.body as { nextCursor: string }).nextCursor
    }
    expect(pages).toBeLessThan(20)
  }

  /** The fleet's `/summary` of `name` for `search` equals the installation server's. */
  async function expectSameSummary(name: string, search: URLSearchParams) {
    const answer = await askServer(fixture.served.base)(`/summary?${search}`)
    expect(answer.status, JSON.stringify(answer.body)).toBe(200)
    const query = parseSummaryParams(search)
    if (!query.ok) throw new Error(query.message)
    expect(await fleetSummary(ch, [name], query)).toEqual(summaryResponseSchema.parse(answer.body))
  }

  /** Seeds `runs` alone and exports them as a new installation; its name. */
  async function seedAndExport(specs: RunSpecs) {
    await reseedRuns(writer, specs.map(toRun), new Map(specs.map((s) => [s.uuid, s.level])))
    exported += 1
    const name = `generated-${exported}`
    await new Exporter(reader, ch, name).pass()
    return name
  }

  it('equals the single installation server’s /summary, every zone', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.uniqueArray(runArb, { selector: (run) => run.uuid, maxLength: 12 }),
        fc.array(queryArb, { minLength: 1, maxLength: 3 }),
        async (specs, queries) => {
          const name = await seedAndExport(specs)
          for (const q of queries) await expectSameSummary(name, summaryQueryOf(q).search)
        },
      ),
      { numRuns: Number(process.env.RD_PROPERTY_RUNS ?? 25) },
    )
  })

  it('equals the server’s /summary over any instants, runs cut by the range’s edges', async () => {
    // The contract's instants are quarter hours: in quarters from START.
    const instantArb = fc.integer({ min: -96, max: (SPAN_DAYS + 1) * 96 })
    await fc.assert(
      fc.asyncProperty(
        fc.uniqueArray(runArb, { selector: (run) => run.uuid, minLength: 1, maxLength: 12 }),
        fc.array(fc.tuple(instantArb, instantArb, fc.constantFrom(...ZONES)), {
          minLength: 1,
          maxLength: 4,
        }),
        async (specs, ranges) => {
          const name = await seedAndExport(specs)
          for (const [a, b, tz] of ranges) {
            const search = new URLSearchParams({
              from: new Date(START + Math.min(a, b) * QUARTER_MS).toISOString(),
              to: new Date(START + (Math.max(a, b) + 1) * QUARTER_MS).toISOString(),
              tz,
            })
            await expectSameSummary(name, search)
          }
        },
      ),
      { numRuns: Number(process.env.RD_PROPERTY_RUNS ?? 25) },
    )
  })

  it('lists the runs as the single installation server’s /run-rows, page by page', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.uniqueArray(runArb, { selector: (run) => run.uuid, maxLength: 12 }),
        queryArb,
        fc.integer({ min: 1, max: 5 }),
        async (specs, q, limit) => {
          const name = await seedAndExport(specs)
          const { search } = summaryQueryOf(q)
          search.delete('tz')
          search.set('limit', String(limit))
          // The server's own pages, its cursors followed, and the fleet's, its own followed.
          await expectSamePages(`/run-rows`, `/installations/${name}/run-rows`, search)
        },
      ),
      { numRuns: Number(process.env.RD_PROPERTY_RUNS ?? 25) },
    )
  })

  it('answers /run-list as the single installation server: pages, counts and CSV', async () => {
    const own = askServer(fixture.served.base)
    const fleet = askServer(`${fleetApi.url}${API_BASE}`)
    await fc.assert(
      fc.asyncProperty(
        fc.uniqueArray(listedRunArb, { selector: (run) => run.uuid, maxLength: 12 }),
        longQueryArb,
        listArb,
        async (specs, q, list) => {
          const name = await seedAndExport(specs)
          const { query } = runListQueryOf(q, list)
          for (let offset = 0; ; offset += list.limit) {
            const search = runListSearch(query, { offset, limit: list.limit })
            const expected = await own(`/run-list?${search}`)
            expect(expected.status, JSON.stringify(expected.body)).toBe(200)
            expect(await fleet(`/installations/${name}/run-list?${search}`)).toEqual(expected)
            if ((expected.body as { rows: unknown[] }).rows.length < list.limit) break
          }
          const csv = `/run-list?${runListSearch(query, { csv: { tz: q.tz } })}`
          const [mine, theirs] = await Promise.all([
            fetch(`${fixture.served.base}${csv}`),
            fetch(`${fleetApi.url}${API_BASE}/installations/${name}${csv}`),
          ])
          expect(theirs.status).toBe(200)
          expect(theirs.headers.get('content-disposition')).toBe(
            mine.headers.get('content-disposition'),
          )
          expect(Buffer.from(await theirs.arrayBuffer())).toEqual(
            Buffer.from(await mine.arrayBuffer()),
          )
        },
      ),
      { numRuns: Number(process.env.RD_PROPERTY_RUNS ?? 25) },
    )
  })

  it('answers /runs and /runs/{uuid} as the single installation server, page by page', async () => {
    const own = askServer(fixture.served.base)
    const fleet = askServer(`${fleetApi.url}${API_BASE}`)
    await fc.assert(
      fc.asyncProperty(
        fc.uniqueArray(runArb, { selector: (run) => run.uuid, maxLength: 12 }),
        fc.option(queryArb, { nil: null }),
        fc.integer({ min: 1, max: 5 }),
        async (specs, q, limit) => {
          const name = await seedAndExport(specs)
          const search = q === null ? new URLSearchParams() : summaryQueryOf(q).search
          search.delete('tz')
          search.set('limit', String(limit))
          await expectSamePages(`/runs`, `/installations/${name}/runs`, search)
          for (const uuid of [...specs.map((spec) => spec.uuid), 'no-such-run']) {
            const path = `/runs/${encodeURIComponent(uuid)}`
            expect(await fleet(`/installations/${name}${path}`)).toEqual(await own(path))
          }
        },
      ),
      { numRuns: Number(process.env.RD_PROPERTY_RUNS ?? 25) },
    )
  })

  it('answers /effect as the single installation server, and sums it at its base', async () => {
    const own = askServer(fixture.served.base)
    const fleet = askServer(`${fleetApi.url}${API_BASE}`)
    await fc.assert(
      fc.asyncProperty(
        fc.uniqueArray(effectRunArb, { selector: (run) => run.uuid, maxLength: 12 }),
        windowArb,
        async (specs, w) => {
          const [from, decision, to] = windowInstants(w, specs)
          if (from === to) return
          const name = await seedAndExport(specs)
          const search = new URLSearchParams({
            from: new Date(from).toISOString(),
            decision: new Date(decision).toISOString(),
            to: new Date(to).toISOString(),
          })
          for (const tool of w.tools) search.append('tool', tool)
          const expected = await own(`/effect?${search}`)
          expect(expected.status, JSON.stringify(expected.body)).toBe(200)
          const answer = await fleet(`/installations/${name}/effect?${search}`)
          expect(answer.status, JSON.stringify(answer.body)).toBe(200)
          // Equal as the dashboard reads them (rows of equal counts may come in any order).
          const read = (body: unknown) => effectFromWire(effectResponseSchema.parse(body))
          expect(read(answer.body)).toEqual(read(expected.body))
          // Two installations: their sum (each run counted under its own).
          await new Exporter(reader, ch, `${name}-copy`).pass()
          const query = {
            beforeStartMs: from,
            decisionMs: decision,
            afterEndMs: to,
            tools: w.tools,
          }
          expect(await fleetEffect(ch, [name, `${name}-copy`], query)).toEqual(
            mergeEffectSummaries(read(expected.body), read(expected.body)),
          )
        },
      ),
      {
        numRuns: Number(process.env.RD_PROPERTY_RUNS ?? 25),
        examples: [[[straddlingRun, twiceRun], aroundItsStart]],
      },
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
          const { query } = summaryQueryOf(q)
          const one = await fleetSummary(ch, [first], query)
          const both = await fleetSummary(ch, [first, `${first}-copy`], query)
          expect(both).toEqual(doubled(one))
        },
      ),
      { numRuns: 10 },
    )
  })
})

const withCursor = (search: URLSearchParams, cursor: string | null) => {
  const next = new URLSearchParams(search)
  if (cursor) next.set('cursor', cursor)
  return next
}

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
