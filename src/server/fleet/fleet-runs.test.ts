/**
 * `/runs` and `/runs/{uuid}` over ClickHouse equal the installation's own server on the rows the
 * CMS extension writes (`testing/extension-rows.ts`: damaged payloads, writes, denied turns,
 * a requeued run, U+0000), plus runs that start in the same second (the uuid decides), a
 * hostile uuid and a run too large to be read in one statement, its writes in every piece: page
 * by page, with a range and tools, on every engine; and `/summary`, `/run-list` and `/effect`.
 * From SQLite also through ClickHouse's HTTP interface (`@clickhouse/client`), answered by the
 * embedded engine (`testing/clickhouse-http.ts`): the same SQL, its parameters bound by the
 * server, not in-process.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { effectResponseSchema } from '@/domain/contract'
import { effectFromWire } from '@/domain/effect'
import type { Database } from '../db/database'
import { startApi, type RunningApi } from '../cli/start-api'
import { listen, type Listening } from '../http/listen'
import { API_BASE } from '../http/api-handler'
import { STEP_ROWS_PER_STATEMENT } from '../read/events'
import { EVENTS } from '../sql/tables'
import { askServer, type Answer } from '../testing/ask'
import { createEmptyTables, type EmptyTables } from '../testing/empty-tables'
import { testEngines } from '../testing/engines'
import { run, T, writeExtensionRows, writeRawRuns, type RawEvent } from '../testing/extension-rows'
import { serveClickHouseHttp } from '../testing/clickhouse-http'
import { openClickHouse, type ClickHouse } from './clickhouse'
import { Exporter } from './exporter'
import { createFleetHandler } from './fleet-handler'

const engines = await testEngines()

const tool = (name: string, at: number, isError = false): RawEvent => ({
  kind: 'tool',
  round: 1,
  duration_ms: 12.5,
  payload: JSON.stringify({ toolName: name, toolIsError: isError }),
  crdate: T + at,
})
const write = (name: string, at: number, uid: number): RawEvent => ({
  kind: 'tool_write',
  round: 1,
  duration_ms: 0,
  payload: JSON.stringify({ toolName: name, writeTargetTable: 'pages', writeTargetUid: uid }),
  crdate: T + at,
})

/** Runs started in one second (ordered by uuid), one with a hostile uuid. */
const TIED = ['b-tied', 'a-tied', '<img src=x onerror=alert(1)>', 'c-tied'].map((uuid) =>
  run(uuid, { started_at: T + 5000 }, [tool('update_page_metadata', 5001), tool('get_tca', 5002)]),
)

/** Steps past one statement's share, a write after the last call of each hundred. */
const BIG_STEPS = STEP_ROWS_PER_STATEMENT * 2 + 300
const BIG = run(
  'big-run',
  { started_at: T + 6000 },
  Array.from({ length: BIG_STEPS }, (_, at) =>
    at % 100 === 99
      ? write('update_page_metadata', 6001 + Math.floor(at / 1000), at)
      : tool(
          at % 3 === 0 ? 'update_page_metadata' : 'get_tca',
          6001 + Math.floor(at / 1000),
          at % 7 === 0,
        ),
  ),
)

const RANGE = 'from=2026-11-10T00:00:00Z&to=2026-11-11T00:00:00Z'

const QUERIES = [
  '',
  'from=2026-11-10T00:00:00Z&to=2026-11-11T00:00:00Z',
  'from=2026-11-10T10:23:20Z&to=2026-11-10T10:40:00Z',
  'tool=update_page_metadata',
  'tool=get_tca&tool=create_page_draft&from=2026-11-10T00:00:00Z',
  'tool=no_such_tool',
]

/** Every engine into the embedded ClickHouse; SQLite also through ClickHouse's HTTP interface. */
const CASES = [
  ...engines.map((engine) => [engine, 'embedded'] as const),
  ['sqlite', 'http'] as const,
]

describe.each(CASES)('the contract from ClickHouse, exported from %s, %s', (engine, target) => {
  let tables: EmptyTables
  let api: RunningApi
  let fleetApi: Listening
  let ch: ClickHouse
  let folder: string
  let reader: Database
  let shim: { url: string; close(): Promise<void> } | null = null

  beforeAll(async () => {
    tables = await createEmptyTables(engine)
    await writeExtensionRows(tables.writer)
    await writeRawRuns(tables.writer, [...TIED, BIG])
    reader = tables.reader
    api = await startApi(
      {
        database: tables.url,
        port: 0,
        host: '127.0.0.1',
        statementTimeoutMs: 20_000,
        summaryRefreshMs: 0,
      },
      () => undefined,
    )
    folder = mkdtempSync(join(tmpdir(), 'rd-fleet-runs-'))
    if (target === 'http') shim = await serveClickHouseHttp(folder)
    ch = await openClickHouse(shim === null ? `chdb:${folder}` : `${shim.url}/default`)
    await new Exporter(reader, ch, 'site').pass()
    fleetApi = await listen({
      handle: createFleetHandler({ ch, tokens: null, log: (line) => console.log(line) }),
      host: '127.0.0.1',
      port: 0,
    })
  }, 180_000)

  afterAll(async () => {
    await fleetApi?.close()
    await ch?.close()
    await shim?.close()
    await api?.close()
    await tables?.close()
    if (folder) rmSync(folder, { recursive: true, force: true })
  })

  const own = (path: string) => askServer(`${api.url}${API_BASE}`)(path)
  const fleet = (path: string) => askServer(`${fleetApi.url}${API_BASE}/installations/site`)(path)

  it('lists the same runs page by page, cursors followed, for every query', async () => {
    for (const query of QUERIES) {
      let mine = ''
      let theirs = ''
      for (let pages = 0; ; pages += 1) {
        const expected = await own(`/runs?limit=2&${query}${mine}`)
        const answer = await fleet(`/runs?limit=2&${query}${theirs}`)
        expect(expected.status, JSON.stringify(expected.body).slice(0, 300)).toBe(200)
        expect(answer).toEqual(expected)
        const next = cursorOf(expected)
        if (next === null) break
        mine = `&cursor=${next}`
        theirs = `&cursor=${cursorOf(answer) ?? ''}`
        expect(pages).toBeLessThan(30)
      }
    }
  })

  it('gives each run whole, the large one with every write, and 404 for others', async () => {
    const listed = await own('/runs?limit=500')
    const uuids = (listed.body as { runs: { uuid: string }[] }).runs.map((r) => r.uuid)
    expect(uuids).toContain('big-run')
    for (const uuid of [...uuids, 'no-such-run', 'x'.repeat(300)]) {
      const path = `/runs/${encodeURIComponent(uuid)}`
      expect(await fleet(path), uuid).toEqual(await own(path))
    }
    const big = (await fleet('/runs/big-run')).body as { steps: { writeTarget?: unknown }[] }
    expect(big.steps).toHaveLength(BIG_STEPS - Math.floor(BIG_STEPS / 100))
    expect(big.steps.filter((step) => step.writeTarget !== undefined)).toHaveLength(
      Math.floor(BIG_STEPS / 100),
    )
  })

  it('answers /summary, /run-list and /effect as the server does', async () => {
    await api.summaries.catchUp()
    for (const path of [
      `/summary?${RANGE}&tz=UTC`,
      `/summary?${RANGE}&tz=Asia%2FKathmandu&tool=update_page_metadata`,
      `/run-list?${RANGE}&limit=3&sort=failed&dir=desc`,
      `/run-list?${RANGE}&limit=50&outcome=refused`,
      `/run-list?${RANGE}&format=csv&tz=UTC`,
      `/effect?from=2026-11-10T00:00:00Z&decision=2026-11-10T09:20:00Z&to=2026-11-11T00:00:00Z`,
    ]) {
      const expected = await own(path)
      expect(expected.status, `${path} ${JSON.stringify(expected.body)}`).toBe(200)
      const answer = await fleet(path)
      if (!path.startsWith('/effect')) expect(answer, path).toEqual(expected)
      // Equal as the dashboard reads them (rows of equal counts may come in any order).
      else expect(effectOf(answer)).toEqual(effectOf(expected))
    }
  })

  it('refuses what the server refuses', async () => {
    for (const query of [
      'cursor=nonsense',
      'limit=0',
      'from=yesterday',
      'to=2026-01-01T00:00:00Z&from=2026-02-01T00:00:00Z',
    ]) {
      const expected = await own(`/runs?${query}`)
      expect(expected.status).toBe(400)
      expect(await fleet(`/runs?${query}`)).toEqual(expected)
    }
    expect((await fleet('/runs/%E0%A4%A')).status).toBe(400)
  })

  it('keeps no payload text: the exported events hold allow-listed keys only', async () => {
    const rows = await ch.query(
      `SELECT count() AS n FROM rd_events WHERE positionCaseInsensitive(toString(tuple(*)), 'NEVER-SELECTED') > 0`,
    )
    expect(Number(rows[0]?.n)).toBe(0)
    const [events] = await reader.query(`SELECT COUNT(*) AS n FROM ${EVENTS}`)
    const [exported] = await ch.query(`SELECT count() AS n FROM rd_events FINAL`)
    expect(Number(exported?.n)).toBe(Number(events?.n))
  })
})

const effectOf = (answer: Answer) => effectFromWire(effectResponseSchema.parse(answer.body))

const cursorOf = (answer: Answer): string | null =>
  (answer.body as { nextCursor?: string | null } | null)?.nextCursor ?? null
