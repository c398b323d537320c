/**
 * A run of 100,000 steps (`HUGE_RUN_STEPS` sets another number; the demo's huge run has
 * 300,000): `/runs/{uuid}` answers it completely (the contract neither pages nor
 * caps a run's steps), read and written in pieces so no statement returns more than
 * `STEP_ROWS_PER_STATEMENT` rows; its writes are joined to their calls; `/runs` and `/summary`
 * count it as the fold over its steps does.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runSchema, summaryResponseSchema, type Run } from '../domain/contract'
import { createScope, emptySummary, foldRuns, fromAggregate } from '../domain/summary'
import type { MockRun, MockStep } from '../mocks/installation'
import { SummaryView } from './view/summary-view'
import type { Database } from './db/database'
import { createApiHandler } from './http/api-handler'
import { listen, type Listening } from './http/listen'
import { STEP_ROWS_PER_STATEMENT } from './read/events'
import { appendRuns } from './seed/seed-installation'
import { askServer } from './testing/ask'
import { createEmptyTables, type EmptyTables } from './testing/empty-tables'
import { testEngines } from './testing/engines'

const engines = await testEngines()
/** Twenty statements' worth, and an answer (14 MB) past what the server holds before sending. */
const STEPS = Number(process.env.HUGE_RUN_STEPS ?? 100_000)
const START = Date.UTC(2026, 10, 3)
const at = (second: number) => new Date(START + second * 1000).toISOString()
const TOOLS = ['get_tca', 'update_page_metadata', 'translate_page']

function step(i: number): MockStep {
  const base = { sequence: i, round: Math.floor(i / 3) + 1, occurredAt: at(i), durationMs: 3 }
  if (i % 3 === 0) return { ...base, kind: 'llm' }
  const tool: MockStep = {
    ...base,
    kind: 'tool',
    toolName: TOOLS[i % TOOLS.length] ?? 'get_tca',
    toolIsError: i % 11 === 0,
  }
  if (i % 13 === 0) tool.toolRefusal = 'arguments'
  // Some calls write; the CMS records the write as its own row right after the call.
  if (i % 9_999 === 1 && tool.toolRefusal === undefined)
    tool.writeTarget = { table: 'pages', uid: i }
  return tool
}

const HUGE: MockRun = {
  uuid: '30000000-0000-4000-8000-000000300000',
  status: 'completed',
  configuration: 'page-editor',
  startedAt: at(0),
  finishedAt: at(STEPS),
  terminationReason: 'completed',
  steps: Array.from({ length: STEPS }, (_, i) => step(i)),
}
const SMALL: MockRun[] = [1, 2, 3].map((n) => ({
  ...HUGE,
  uuid: `30000000-0000-4000-8000-00000000000${n}`,
  startedAt: at(n * 3_600),
  finishedAt: at(n * 3_600 + 10),
  steps: [0, 1, 2].map((i) => ({ ...step(i + 1), sequence: i, occurredAt: at(n * 3_600 + i) })),
}))
const WRITES = HUGE.steps.filter((s) => s.writeTarget !== undefined).length
const RANGE = 'from=2026-11-03T00:00:00Z&to=2026-11-07T00:00:00Z'

/** A database that remembers the most rows one statement returned. */
function largestResult(db: Database): Database & { largest: number } {
  const wrapped = {
    engine: db.engine,
    largest: 0,
    query: async (sql: string, params?: readonly (string | number | null)[]) => {
      const rows = await db.query(sql, params)
      wrapped.largest = Math.max(wrapped.largest, rows.length)
      return rows
    },
    close: () => db.close(),
  }
  return wrapped
}

describe.each(engines)('a run of 300,000 steps on %s', (engine) => {
  let tables: EmptyTables
  let listening: Listening
  let db: ReturnType<typeof largestResult>
  let ask: ReturnType<typeof askServer>
  const logged: string[] = []

  beforeAll(async () => {
    tables = await createEmptyTables(engine)
    await appendRuns(tables.writer, [HUGE, ...SMALL])
    db = largestResult(tables.reader)
    const summaries = new SummaryView(db, { refreshMs: 0, chunkUids: STEP_ROWS_PER_STATEMENT })
    await summaries.catchUp()
    const settings = {
      installation: 'x',
      privacyLevel: 'metadata',
      retentionDays: null,
      argumentCheckSince: null,
    }
    const handle = createApiHandler({
      db,
      settings,
      builtinTools: [],
      tokens: null,
      log: (line) => logged.push(line),
      summaries,
    })
    listening = await listen({ handle, host: '127.0.0.1', port: 0 })
    ask = askServer(`${listening.url}/api/diagnostics/v1`)
  }, 300_000)
  afterAll(async () => {
    await listening?.close()
    await tables?.close()
  })

  it('answers /runs/{uuid} with every step, in order, writes joined, read in pieces', async () => {
    db.largest = 0
    const answer = await ask(`/runs/${HUGE.uuid}`)
    expect(answer.status).toBe(200)
    const run = runSchema.parse(answer.body)
    expect(run.steps).toHaveLength(STEPS)
    expect(answer.body).not.toHaveProperty('unreadableSteps')
    expect(run.steps.map((s) => s.occurredAt)).toEqual(HUGE.steps.map((s) => s.occurredAt))
    expect(
      run.steps.every((s, i) => i === 0 || s.sequence > (run.steps[i - 1]?.sequence ?? 0)),
    ).toBe(true)
    const written = run.steps.filter((s) => s.writeTarget !== undefined)
    expect(written).toHaveLength(WRITES)
    expect(written.map((s) => s.writeTarget)).toEqual(
      HUGE.steps.filter((s) => s.writeTarget !== undefined).map((s) => s.writeTarget),
    )
    expect(db.largest).toBeLessThanOrEqual(STEP_ROWS_PER_STATEMENT)
  }, 240_000)

  it('answers HEAD for it with the headers alone, no failure logged', async () => {
    const answer = await fetch(`${listening.url}/api/diagnostics/v1/runs/${HUGE.uuid}`, {
      method: 'HEAD',
    })
    expect(answer.status).toBe(200)
    expect(answer.headers.get('content-type')).toMatch(/^application\/json/)
    expect(await answer.text()).toBe('')
    expect(logged).toEqual([])
  }, 240_000)

  it('lists it on /runs with all its steps and counts it once', async () => {
    db.largest = 0
    const answer = await ask(`/runs?${RANGE}&limit=4`)
    expect(answer.status).toBe(200)
    const page = answer.body as { runs: Run[]; totalRuns: number; nextCursor: string | null }
    expect(page.totalRuns).toBe(4)
    const huge = page.runs.find((run) => run.uuid === HUGE.uuid)
    expect(page.runs).toHaveLength(4)
    expect(page.nextCursor).toBeNull()
    expect(huge?.steps).toHaveLength(STEPS)
    expect(db.largest).toBeLessThanOrEqual(STEP_ROWS_PER_STATEMENT)
  }, 240_000)

  it('counts its calls in /summary exactly as the fold over its steps does', async () => {
    const scope = createScope({ from: '2026-11-03', to: '2026-11-06', tz: 'UTC', tools: [] })
    const answer = await ask(`/summary?${RANGE}&tz=UTC`)
    expect(answer.status).toBe(200)
    const body = summaryResponseSchema.parse(answer.body)
    expect(body.runs).toBe(4)
    const expected = foldRuns(emptySummary(), [HUGE, ...SMALL] as Run[], scope)
    expect(fromAggregate(body)).toEqual(expected)
    const calls = body.rows.reduce((total, row) => total + row.calls, 0)
    expect(calls).toBe(HUGE.steps.filter((s) => s.kind === 'tool').length + 6)
  }, 240_000)
})
