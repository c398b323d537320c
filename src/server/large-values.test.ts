/**
 * Values at the edge of what the CMS stores: a 16 MB payload at the `full` privacy level (the
 * database parses it; the server receives only the allow-listed keys, a few bytes) and a tool
 * name of 10,000 characters (stored, matched exactly by the tool filter, returned intact by
 * every endpoint and by the summary view).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runSchema, summaryResponseSchema } from '../domain/contract'
import { SummaryView } from './view/summary-view'
import { text } from './db/database'
import { createApiHandler } from './http/api-handler'
import { listen, type Listening } from './http/listen'
import { EVENTS, RUNS } from './sql/tables'
import { askServer } from './testing/ask'
import { createEmptyTables, type EmptyTables } from './testing/empty-tables'
import { testEngines } from './testing/engines'
import { recordingDatabase } from './testing/recording-database'

const engines = await testEngines()
const UUID = '5d9c1f0e-3a7b-4e2d-9c8f-16b0c0ffee16'
const DAY = Date.UTC(2026, 10, 3) / 1000
const LEAK = 'FULL-LEVEL-TOOL-RESULT '
/** 16,000,000 characters of transcript: a MEDIUMTEXT holds 16,777,215 bytes. */
const HUGE = LEAK.repeat(Math.floor(16_000_000 / LEAK.length))
/** 10,000 characters, with the LIKE wildcards and quotes a filter must not interpret. */
const LONG_NAME = `long_%_'"\\${'abcdefghij'.repeat(999)}`.padEnd(10_000, 'z')
/** 10,000 characters of Devanagari: about 90 kB once percent-encoded in a link. */
const WIDE_NAME = `उपकरण_${'हिन्दी'.repeat(1700)}`.slice(0, 10_000)
/** The same name but its last character: the filter must not match it. */
const NEAR_NAME = `${LONG_NAME.slice(0, -1)}y`

/** [kind, payload] in sequence order, crdate DAY + 10·sequence. */
const EVENT_ROWS: [string, string][] = [
  [
    'llm',
    JSON.stringify({ promptTokens: 12, content: HUGE.slice(0, 1000), contentRedacted: false }),
  ],
  [
    'tool',
    // Allow-listed keys first and last, 16 MB of result between them.
    `{"toolName":"get_tca","toolResult":${JSON.stringify(HUGE)},"toolIsError":false}`,
  ],
  ['tool', JSON.stringify({ toolName: LONG_NAME, toolIsError: true, toolRefusal: 'arguments' })],
  ['tool', JSON.stringify({ toolName: LONG_NAME, toolIsError: false })],
  ['tool', JSON.stringify({ toolName: NEAR_NAME, toolIsError: false })],
  ['tool', JSON.stringify({ toolName: WIDE_NAME, toolIsError: false })],
]

const SUMMARY = '/summary?from=2026-11-03T00:00:00Z&to=2026-11-04T00:00:00Z&tz=UTC'

describe.each(engines)('large values on %s', (engine) => {
  let tables: EmptyTables
  let listening: Listening
  let recorded: ReturnType<typeof recordingDatabase>
  let ask: ReturnType<typeof askServer>

  beforeAll(async () => {
    tables = await createEmptyTables(engine)
    const { writer } = tables
    await writer.query(
      `INSERT INTO ${RUNS} (uuid, status, configuration_identifier, termination_reason, started_at, finished_at, crdate, tstamp, suspended_state, queued_request, be_user)
       VALUES (?, 'completed', 'page-editor', 'completed', ?, ?, ?, ?, '', '', 12)`,
      [UUID, DAY, DAY + 100, DAY, DAY + 100],
    )
    const [run] = await writer.query(`SELECT uid FROM ${RUNS} WHERE uuid = ?`, [UUID])
    for (const [sequence, [kind, payload]] of EVENT_ROWS.entries()) {
      await writer.query(
        `INSERT INTO ${EVENTS} (run, sequence, kind, round, duration_ms, payload, crdate) VALUES (?, ?, ?, 1, 2, ?, ?)`,
        [Number(run?.uid), sequence, kind, payload, DAY + 10 * sequence],
      )
    }
    // The database keeps all of it: nothing was cut on the way in.
    const [stored] = await writer.query(
      `SELECT LENGTH(payload) AS n FROM ${EVENTS} WHERE sequence = 1`,
    )
    expect(Number(stored?.n)).toBeGreaterThan(16_000_000)
    recorded = recordingDatabase(tables.reader)
    const settings = {
      installation: 'x',
      privacyLevel: 'full',
      retentionDays: null,
      argumentCheckSince: null,
    }
    const summaries = new SummaryView(recorded, { refreshMs: 0 })
    await summaries.catchUp()
    const handle = createApiHandler({
      db: recorded,
      settings,
      builtinTools: [],
      tokens: null,
      log: () => undefined,
      summaries,
    })
    listening = await listen({ handle, host: '127.0.0.1', port: 0 })
    ask = askServer(`${listening.url}/api/diagnostics/v1`)
  }, 180_000)
  afterAll(async () => {
    await listening?.close()
    await tables?.close()
  })

  it('reads a few bytes of a 16 MB payload: the allow-listed keys, never the transcript', async () => {
    recorded.rows.length = 0
    const run = await ask(`/runs/${UUID}`)
    expect(run.status).toBe(200)
    const steps = runSchema.parse(run.body).steps
    expect(steps[1]).toMatchObject({ sequence: 1, toolName: 'get_tca', toolIsError: false })
    const summary = await ask(SUMMARY)
    expect(summary.status).toBe(200)
    const page = await ask('/runs?from=2026-11-03T00:00:00Z&to=2026-11-04T00:00:00Z')
    expect(page.status).toBe(200)
    // Every value the database sent back: no transcript, and far less than one payload.
    const values = recorded.rows.flatMap((row) => Object.values(row).map((v) => text(v) ?? ''))
    const received = values.reduce((total, value) => total + value.length, 0)
    expect(values.some((value) => value.includes(LEAK))).toBe(false)
    expect(received).toBeLessThan(200_000)
    for (const answer of [run, summary, page]) {
      const body = JSON.stringify(answer.body)
      expect(body).not.toContain(LEAK)
      expect(body.length).toBeLessThan(100_000)
    }
  })

  it('returns a 10,000-character tool name intact from every endpoint', async () => {
    const run = runSchema.parse((await ask(`/runs/${UUID}`)).body)
    expect(run.steps.filter((step) => step.toolName === LONG_NAME)).toHaveLength(2)
    expect(run.steps.filter((step) => step.toolName === NEAR_NAME)).toHaveLength(1)
    const summary = summaryResponseSchema.parse((await ask(SUMMARY)).body)
    expect(summary.rows.filter((row) => row.tool === LONG_NAME)).toEqual([
      { day: '2026-11-03', tool: LONG_NAME, outcome: 'refused', code: 'arguments', calls: 1 },
      { day: '2026-11-03', tool: LONG_NAME, outcome: 'succeeded', code: null, calls: 1 },
    ])
  })

  it('matches the long name exactly in the tool filter, the near one not', async () => {
    const tool = `&tool=${encodeURIComponent(LONG_NAME)}`
    const summary = await ask(`${SUMMARY}${tool}`)
    expect(summary.status).toBe(200)
    const body = summaryResponseSchema.parse(summary.body)
    expect(body.tools).toEqual([LONG_NAME])
    expect(body.rows.map((row) => [row.tool, row.outcome, row.calls])).toEqual([
      [LONG_NAME, 'refused', 1],
      [LONG_NAME, 'succeeded', 1],
    ])
    expect(body.runs).toBe(1)
    const page = await ask(`/runs?from=2026-11-03T00:00:00Z&to=2026-11-04T00:00:00Z${tool}`)
    expect((page.body as { totalRuns: number }).totalRuns).toBe(1)
    const other = await ask(
      `/runs?from=2026-11-03T00:00:00Z&to=2026-11-04T00:00:00Z&tool=${encodeURIComponent(LONG_NAME.slice(0, -1))}`,
    )
    expect((other.body as { totalRuns: number }).totalRuns).toBe(0)
    const near = summaryResponseSchema.parse(
      (await ask(`${SUMMARY}&tool=${encodeURIComponent(NEAR_NAME)}`)).body,
    )
    expect(near.rows.map((row) => [row.tool, row.calls])).toEqual([[NEAR_NAME, 1]])
  })

  it('reads a link naming a 10,000-character name in a non-Latin script', async () => {
    const tool = `&tool=${encodeURIComponent(WIDE_NAME)}`
    expect(tool.length).toBeGreaterThan(80_000)
    const summary = await ask(`${SUMMARY}${tool}`)
    expect(summary.status).toBe(200)
    const body = summaryResponseSchema.parse(summary.body)
    expect(body.rows.map((row) => [row.tool, row.calls])).toEqual([[WIDE_NAME, 1]])
  })

  it('answers a request head longer than it reads with 431 and the contract error body', async () => {
    const tools = Array.from({ length: 4 }, () => `&tool=${encodeURIComponent(WIDE_NAME)}`)
    const answer = await ask(`${SUMMARY}${tools.join('')}`)
    expect(answer.status).toBe(431)
    expect(answer.body).toEqual({
      error: 'request_too_large',
      message: expect.stringMatching(/longer than the 256 KiB this server reads/) as unknown,
    })
    // The server goes on answering.
    expect((await ask(SUMMARY)).status).toBe(200)
  })
})
