/**
 * The exporter keeps ClickHouse as current as the single installation's server: after a status
 * change, a purge, new runs, a row committed late below uids already sent, a pass repeated and
 * an exporter restarted, the fleet's `/summary` still equals the server's.
 */
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parseSummaryParams } from '@/domain/api-query'
import { summaryResponseSchema } from '@/domain/contract'
import { num, type Database, type SqlValue } from '../db/database'
import type { SummaryQuery } from '../read/summary-shape'
import { appendRuns } from '../seed/seed-installation'
import { EVENTS, RUNS } from '../sql/tables'
import { askServer } from '../testing/ask'
import { runArb, START, toRun } from '../testing/generated-runs'
import { testEngines } from '../testing/engines'
import { emptyTables } from '../testing/reseed'
import type { ClickHouse } from './clickhouse'
import { Exporter } from './exporter'
import { createFleetHandler } from './fleet-handler'
import { startFleetFixture, type FleetFixture } from './fleet-fixture'
import { API_BASE } from '../http/api-handler'
import { listen, type Listening } from '../http/listen'
import { fleetSummary } from './fleet-summary'
import { readStepGroups, stepGroupOf, topEventUid } from '../view/read-step-groups'
import { BUCKET_SECONDS, type StepGroup } from '../view/step-store'

const DAY = 86_400_000
const runsOf = (seed: number, count: number) =>
  fc
    .sample(fc.uniqueArray(runArb, { selector: (run) => run.uuid, minLength: count }), {
      seed,
      numRuns: 1,
    })[0]
    ?.slice(0, count)
    .map(toRun) ?? []

const engines = await testEngines()

describe.each(engines)('exporting from %s', (engine) => {
  let fixture: FleetFixture
  let writer: Database
  let reader: Database
  let ch: ClickHouse
  let fleetApi: Listening

  beforeAll(async () => {
    fixture = await startFleetFixture(runsOf(1, 10), engine)
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

  const QUERIES = ['UTC', 'Asia/Kathmandu'].flatMap((tz) =>
    [[], ['update_page_metadata']].map((tools) => {
      const search = new URLSearchParams({
        from: new Date(START - 2 * DAY).toISOString(),
        to: new Date(START + 30 * DAY).toISOString(),
        tz,
      })
      for (const tool of tools) search.append('tool', tool)
      return search
    }),
  )

  /** The fleet's answers for `name` equal the server's, for each query. */
  async function expectSameAnswers(name: string): Promise<void> {
    const ask = askServer(fixture.served.base)
    for (const search of QUERIES) {
      const answer = await ask(`/summary?${search}`)
      expect(answer.status).toBe(200)
      const query = parseSummaryParams(search) as SummaryQuery
      expect(await fleetSummary(ch, [name], query)).toEqual(
        summaryResponseSchema.parse(answer.body),
      )
    }
    // Every run with its steps, as `/runs` lists them (one page holds them all).
    const fleet = askServer(`${fleetApi.url}${API_BASE}/installations/${name}`)
    for (const search of ['', `tool=update_page_metadata&from=${QUERIES[0]?.get('from')}`]) {
      const expected = await ask(`/runs?limit=500&${search}`)
      expect(expected.status).toBe(200)
      expect(await fleet(`/runs?limit=500&${search}`)).toEqual(expected)
    }
  }

  async function stepCount(name: string): Promise<number> {
    const [row] = await ch.query(
      `SELECT count() AS n FROM rd_steps FINAL WHERE installation = {i:String}`,
      {
        i: name,
      },
    )
    return num(row?.n)
  }

  /** Active parts of each month of `name`'s steps, oldest month first. */
  async function partsByMonth(name: string): Promise<number[]> {
    const rows = await ch.query(
      `SELECT partition, count() AS parts FROM system.parts
       WHERE active AND database = currentDatabase() AND table = 'rd_steps'
         AND startsWith(partition, {prefix:String})
       GROUP BY partition ORDER BY partition`,
      { prefix: `('${name}',` },
    )
    return rows.map((row) => num(row.parts))
  }

  describe('the exporter', () => {
    it('keeps up with changes, repeats harmlessly and resumes where it stopped', async () => {
      const exporter = new Exporter(reader, ch, 'site-a', { settleMs: 60_000 })
      const first = await exporter.pass()
      expect(first.steps).toBeGreaterThan(0)
      await expectSameAnswers('site-a')

      const [someRun] = await writer.query(`SELECT uid, tstamp FROM ${RUNS} ORDER BY uid LIMIT 1`)
      await writer.query(`UPDATE ${RUNS} SET status = 'cancelled', tstamp = ? WHERE uid = ?`, [
        num(someRun?.tstamp) + 10_000,
        num(someRun?.uid),
      ])
      const [purged] = await writer.query(`SELECT uid FROM ${RUNS} ORDER BY uid DESC LIMIT 1`)
      await writer.query(`DELETE FROM ${EVENTS} WHERE run = ?`, [num(purged?.uid)])
      await writer.query(`DELETE FROM ${RUNS} WHERE uid = ?`, [num(purged?.uid)])
      await appendRuns(writer, runsOf(2, 4))
      // A new step row not yet visible at the next pass: committed late, below uids already sent.
      const [late] = await writer.query(
        `SELECT * FROM ${EVENTS} WHERE uid = (SELECT MAX(uid) FROM ${EVENTS}) - 2`,
      )
      expect(num(late?.uid)).toBeGreaterThan(first.topUid)
      await writer.query(`DELETE FROM ${EVENTS} WHERE uid = ?`, [num(late?.uid)])
      const hidden = await exporter.pass()
      expect(hidden.gone).toBe(1)
      const columns = Object.keys(late ?? {})
      await writer.query(
        `INSERT INTO ${EVENTS} (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`,
        columns.map((column) => (late as Record<string, SqlValue>)[column] as SqlValue),
      )

      const second = await exporter.pass()
      expect(second.settledUid).toBe(first.topUid)
      await expectSameAnswers('site-a')

      // Sent again: every row replaces itself.
      const steps = await stepCount('site-a')
      await exporter.pass()
      expect(await stepCount('site-a')).toBe(steps)
      await expectSameAnswers('site-a')
      // Every month but the newest (where the tail lands) is one part: read without merging.
      const months = await partsByMonth('site-a')
      expect(months.length).toBeGreaterThan(1)
      expect(months.slice(0, -1).every((parts) => parts === 1)).toBe(true)

      // A new exporter starts from what the last one settled, not from the first uid, and
      // settles the rest once it has seen them (here at once).
      const [top] = await reader.query(`SELECT MAX(uid) AS top FROM ${EVENTS}`)
      const restarted = new Exporter(reader, ch, 'site-a', { settleMs: 0 })
      const resumed = await restarted.pass()
      expect(resumed.settledUid).toBe(first.topUid)
      expect(resumed.steps).toBeLessThan(steps)
      expect((await restarted.pass()).settledUid).toBe(num(top?.top))
      expect(await stepCount('site-a')).toBe(steps)
      await expectSameAnswers('site-a')
    })

    it('sends an export of an older format again whole', async () => {
      await new Exporter(reader, ch, 'site-c', { settleMs: 0 }).pass()
      // As an exporter before events were exported left it: no events, runs without their end.
      await ch.command(
        `ALTER TABLE rd_events DELETE WHERE installation = 'site-c' SETTINGS mutations_sync = 2`,
      )
      await ch.command(
        `ALTER TABLE rd_runs UPDATE termination_reason = '' WHERE installation = 'site-c' SETTINGS mutations_sync = 2`,
      )
      await ch.command(
        `ALTER TABLE rd_exports UPDATE format = 1 WHERE installation = 'site-c' SETTINGS mutations_sync = 2`,
      )
      const resumed = await new Exporter(reader, ch, 'site-c', { settleMs: 0 }).pass()
      expect(resumed.steps).toBe(await stepCount('site-c'))
      await expectSameAnswers('site-c')
    })

    it('follows a table emptied and filled again', async () => {
      const exporter = new Exporter(reader, ch, 'site-b', { settleMs: 0 })
      await exporter.pass()
      await emptyTables(writer)
      await appendRuns(writer, runsOf(3, 3))
      await exporter.pass()
      await expectSameAnswers('site-b')
    })

    it('sends each step with the texts the view groups it by, odd rows included', async () => {
      // Odd rows in one run, and a call after a denial in another (its steps are read apart).
      const [run, other] = await writer.query(
        `SELECT uid, crdate FROM ${RUNS} ORDER BY uid DESC LIMIT 2`,
      )
      const odd: [string, number, number, number, string][] = [
        // kind, sequence, round, duration, payload
        [
          'model',
          500,
          2,
          1,
          '{"toolName":"update_page_metadata","toolIsError":true,"toolRefusal":"arguments"}',
        ],
        ['', 501, 1, 1, '{"toolName":"update_page_metadata","toolIsError":false}'],
        ['tool', -1, 1, 1, '{"toolName":"update_page_metadata","toolIsError":false}'],
        ['tool', 502, 0, 1, '{"toolName":"create_content_element_draft","toolIsError":true}'],
        ['tool', 503, 3, -1, '{"toolName":"update_page_metadata","toolIsError":true}'],
        ['tool_write', 504, 3, 1, '{"toolName":"update_page_metadata","writeTargetTable":"pages"}'],
        ['tool', 505, 3, 1, 'not json {'],
        ['tool', 506, 3, 1, '{"toolName":7,"toolIsError":"true","toolRefusal":null}'],
        ['tool', 507, 4, 1, '{"toolName":"mcp:\\u00fcml\\"aut ✓","toolIsError":true}'],
      ]
      const denied: typeof odd = [
        ['approval', 508, 5, 1, '{"approved":false}'],
        ['tool', 509, 5, 1, '{"toolName":"update_page_metadata","toolIsError":true}'],
      ]
      for (const [into, rows] of [
        [run, odd],
        [other, denied],
      ] as const) {
        for (const [kind, sequence, round, duration, payload] of rows) {
          await writer.query(
            `INSERT INTO ${EVENTS} (run, sequence, kind, round, duration_ms, payload, crdate)
             VALUES (?, ?, ?, ?, ?, ?, ?)`,
            [num(into?.uid), sequence, kind, round, duration, payload, num(into?.crdate) + 60],
          )
        }
      }
      await new Exporter(reader, ch, 'site-d', { settleMs: 0 }).pass()

      // Steps by quarter hour, run and key texts: the fleet's rows and the view's groups.
      const keyOf = (group: Omit<StepGroup, 'steps' | 'rounds'>) =>
        JSON.stringify([
          group.bucket,
          group.run,
          group.kind,
          group.tool,
          group.refusal,
          group.isError,
          group.openedBy,
        ])
      const expected = new Map<string, number>()
      for (const group of await readStepGroups(reader, 0, await topEventUid(reader))) {
        expected.set(keyOf(group), (expected.get(keyOf(group)) ?? 0) + group.steps)
      }
      const rows = await ch.query(
        `SELECT intDiv(crdate, {grain:UInt32}) AS bucket, run, kind, tool, refusal, is_error,
           opened_by, count() AS steps
         FROM rd_steps FINAL WHERE installation = 'site-d'
         GROUP BY bucket, run, kind, tool, refusal, is_error, opened_by`,
        { grain: BUCKET_SECONDS },
      )
      const exported = new Map(
        rows.map((row) => [
          keyOf({ ...stepGroupOf(row), bucket: num(row.bucket), run: num(row.run) }),
          num(row.steps),
        ]),
      )
      expect(exported).toEqual(expected)
      // The odd rows are among them (a step without a kind, a model step with tool texts), and
      // the call after the denial with its approval's text.
      expect(rows.filter((row) => row.kind === '' || row.kind === 'model').length).toBeGreaterThan(
        1,
      )
      expect(rows.some((row) => row.opened_by === 'false')).toBe(true)
      await expectSameAnswers('site-d')
    })
  })
})
