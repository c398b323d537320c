/**
 * What the server does with what the CMS really stores: damaged and older payloads are reported,
 * never dropped silently and never a failed answer; `tool_write` rows become the `writeTarget`
 * of their call; at the `full` privacy level megabytes of transcript sit in the payloads and no
 * byte of it — nor the never-selected columns, nor user ids — leaves the database.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runSchema, summaryResponseSchema } from '../domain/contract'
import { createScope, emptySummary, foldRuns, fromAggregate } from '../domain/summary'
import { createListedInstallation } from '../mocks/variants'
import { openDatabase } from './db/open-database'
import { createApiHandler } from './http/api-handler'
import { listen, type Listening } from './http/listen'
import { NEVER_SELECTED } from './seed/record-run'
import { seedInstallation } from './seed/seed-installation'
import { EVENTS, RUNS } from './sql/tables'
import { askServer } from './testing/ask'
import { createTestDatabase, testEngines, type TestDatabase } from './testing/engines'
import { recordingDatabase } from './testing/recording-database'
import { SummaryView } from './view/summary-view'

const LEAK = 'FULL-LEVEL-TRANSCRIPT'
const UUID = '0b6f2c1e-7d4a-4c1b-9a55-3f1e2d4c5b6a'
const DAY = Date.UTC(2026, 10, 3) / 1000
const transcript = `${LEAK} `.repeat(200_000)

/** [kind, payload text] in sequence order; crdate = DAY + 10·sequence. */
const EVENT_ROWS: [string, string][] = [
  ['llm', JSON.stringify({ promptTokens: 10, content: transcript, contentRedacted: false })],
  ['tool', 'not json {'],
  ['tool', JSON.stringify({ toolName: 'update_page_metadata', toolIsError: 'yes' })],
  ['tool', '[1,2]'],
  ['approval', JSON.stringify({ approved: 'yes', decidedBy: 12 })],
  [
    'tool',
    JSON.stringify({
      toolName: 'update_page_metadata',
      toolIsError: false,
      toolArguments: { title: transcript },
      toolResult: transcript,
      raw: transcript,
    }),
  ],
  [
    'tool_write',
    JSON.stringify({
      toolName: 'update_page_metadata',
      writeTargetTable: 'pages',
      writeTargetUid: 7,
    }),
  ],
  [
    'tool_write',
    JSON.stringify({
      toolName: 'move_content_element',
      writeTargetTable: 'tt_content',
      writeTargetUid: 9,
    }),
  ],
  ['tool', JSON.stringify({ toolName: 'get_tca', toolIsError: true, toolRefusal: 'arguments' })],
  ['tool', JSON.stringify({ toolName: 'get_tca', toolIsError: false, toolRefusal: null })],
  ['reasoning', '{}'],
  ['input', JSON.stringify({ submittedBy: 12 })],
]

const engines = await testEngines()

describe.each(engines)('payloads as stored, on %s', (engine) => {
  let database: TestDatabase
  let listening: Listening
  let recorded: ReturnType<typeof recordingDatabase>
  let ask: ReturnType<typeof askServer>

  beforeAll(async () => {
    database = await createTestDatabase(engine)
    const writer = openDatabase(database.url, { write: true })
    const empty = createListedInstallation({
      meta: {
        installation: 'x',
        privacyLevel: 'full',
        earliestAt: null,
        latestAt: null,
        retentionDays: null,
        argumentCheckSince: null,
      },
      tools: [],
      runs: [],
    })
    await seedInstallation(writer, empty)
    await writer.query(
      `INSERT INTO ${RUNS} (uuid, status, configuration_identifier, termination_reason, started_at, finished_at, crdate, tstamp, suspended_state, queued_request, be_user)
       VALUES (?, 'completed', 'page-editor', '', ?, ?, ?, ?, ?, ?, 12)`,
      [UUID, DAY, DAY + 200, DAY, DAY + 200, `${NEVER_SELECTED} ${transcript}`, NEVER_SELECTED],
    )
    const [run] = await writer.query(`SELECT uid FROM ${RUNS} WHERE uuid = ?`, [UUID])
    for (const [sequence, [kind, payload]] of EVENT_ROWS.entries()) {
      await writer.query(
        `INSERT INTO ${EVENTS} (run, sequence, kind, round, duration_ms, payload, crdate) VALUES (?, ?, ?, 1, 1.5, ?, ?)`,
        [Number(run?.uid), sequence, kind, payload, DAY + 10 * sequence],
      )
    }
    await writer.close()
    recorded = recordingDatabase(openDatabase(database.url, { write: false }))
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
  }, 120_000)
  afterAll(async () => {
    await listening?.close()
    await recorded?.close()
    await database?.drop()
  })

  it('lists what it can read, reports the rest, and joins writes to their call', async () => {
    const answer = await ask(`/runs/${UUID}`)
    expect(answer.status).toBe(200)
    const run = answer.body as Record<string, unknown> & { steps: Record<string, unknown>[] }
    expect(runSchema.safeParse(run).success).toBe(true)
    expect(run.steps.map((step) => step.sequence)).toEqual([0, 4, 5, 8, 9, 10, 11])
    expect(run.steps[1]).toEqual({
      sequence: 4,
      kind: 'approval',
      round: 1,
      occurredAt: new Date((DAY + 40) * 1000).toISOString(),
      durationMs: 1.5,
    })
    expect(run.steps[2]?.writeTarget).toEqual({ table: 'pages', uid: 7 })
    expect(run.steps[3]?.toolRefusal).toBe('arguments')
    expect(run.steps[4]).toHaveProperty('toolRefusal', null)
    expect(run.steps[0]).not.toHaveProperty('toolRefusal')
    const unreadable = run.unreadableSteps as {
      sequence: number
      listed: boolean
      reason: string
    }[]
    expect(unreadable.map((step) => [step.sequence, step.listed])).toEqual([
      [1, false],
      [2, false],
      [3, false],
      [4, true],
      [7, false],
    ])
    for (const step of unreadable) expect(step.reason.length).toBeGreaterThan(0)
  })

  it('counts the readable calls and the unreadable ones in /summary, as the fold does', async () => {
    const scope = createScope({ from: '2026-11-03', to: '2026-11-03', tz: 'UTC', tools: [] })
    const answer = await ask('/summary?from=2026-11-03T00:00:00Z&to=2026-11-04T00:00:00Z&tz=UTC')
    expect(answer.status).toBe(200)
    const body = summaryResponseSchema.parse(answer.body)
    expect(body.rows).toEqual([
      { day: '2026-11-03', tool: 'get_tca', outcome: 'refused', code: 'arguments', calls: 1 },
      { day: '2026-11-03', tool: 'get_tca', outcome: 'succeeded', code: null, calls: 1 },
      {
        day: '2026-11-03',
        tool: 'update_page_metadata',
        outcome: 'succeeded',
        code: null,
        calls: 1,
      },
    ])
    expect((answer.body as { unreadableToolSteps?: number }).unreadableToolSteps).toBe(3)
    expect(body.stepKinds).toEqual(['approval', 'input', 'llm', 'reasoning', 'tool'])
    const runs = await ask('/runs?from=2026-11-03T00:00:00Z&to=2026-11-04T00:00:00Z')
    const listed = (runs.body as { runs: unknown[] }).runs.map((run) => runSchema.parse(run))
    expect(fromAggregate(body)).toEqual(foldRuns(emptySummary(), listed, scope))
  })

  it('never reads transcript text, never-selected columns or user ids out of the database', async () => {
    const answers = await Promise.all(
      [
        '/meta',
        '/tools',
        `/runs/${UUID}`,
        '/runs',
        '/summary?from=2026-11-03T00:00:00Z&to=2026-11-04T00:00:00Z&tz=UTC',
      ].map(async (path) => JSON.stringify((await ask(path)).body)),
    )
    const returned = JSON.stringify(recorded.rows)
    for (const text of [...answers, returned]) {
      expect(text).not.toContain(LEAK)
      expect(text).not.toContain(NEVER_SELECTED)
      expect(text).not.toMatch(/decidedBy|submittedBy|be_user/)
    }
    for (const sql of recorded.statements) {
      expect(sql).not.toMatch(/suspended_state|queued_request|be_user|auth_credential|\burl\b/)
    }
  })
})
