/**
 * When an answer waits for a refresh: a view younger than `refreshMs` answers as it is; one
 * younger than `staleMs` answers at once and starts a refresh in the background; an older one
 * waits for the refresh. On SQLite: the rule is the view's own, not the engine's.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { parseSummaryParams } from '@/domain/api-query'
import type { Database } from '../db/database'
import { appendRuns } from '../seed/seed-installation'
import { createEmptyTables, type EmptyTables } from '../testing/empty-tables'
import { START, toRun } from '../testing/generated-runs'
import { createApiHandler } from '../http/api-handler'
import { listen } from '../http/listen'
import { askServer } from '../testing/ask'
import { recordingDatabase } from '../testing/recording-database'
import { EVENTS, RUNS } from '../sql/tables'
import { countSummary } from '../testing/database-count'
import { topEventUid } from './read-step-groups'
import { RunStatuses } from './run-statuses'
import { SummaryView } from './summary-view'
import { readMeta } from '../read/meta'
import type { Meta } from '@/domain/contract'

// Spies that call through: tests count the view's reads of the top uid by the function, not SQL.
vi.mock('./read-step-groups', { spy: true })
const SETTINGS = {
  installation: 'x',
  privacyLevel: 'metadata',
  retentionDays: null,
  argumentCheckSince: null,
} as const
const topReads = () => vi.mocked(topEventUid).mock.calls.length

const query = (() => {
  const params = parseSummaryParams(
    new URLSearchParams({
      from: new Date(START).toISOString(),
      to: new Date(START + 86_400_000).toISOString(),
      tz: 'UTC',
    }),
  )
  if (!params.ok) throw new Error('the test query is valid')
  return params
})()

let next = 0
/** A completed run with one successful call `startOffset` (default an hour) after START. */
const oneCall = (startOffset = 3_600_000) =>
  toRun({
    uuid: `00000000-0000-4000-8000-${(next++).toString(16).padStart(12, '0')}`,
    status: 'completed',
    startOffset,
    gaps: [],
    requeued: 0,
    level: 'metadata',
    steps: [
      {
        kind: 'tool',
        toolName: 'update_page_metadata',
        toolIsError: false,
        toolRefusal: undefined,
      },
    ],
  })

describe('the summary view’s refresh rule', () => {
  let tables: EmptyTables
  beforeAll(async () => {
    tables = await createEmptyTables('sqlite')
  })
  afterAll(async () => {
    await tables?.close()
  })

  it('answers a recent view at once, refreshes behind it, and waits only past staleMs', async () => {
    let clock = 1_000_000
    const cache = new SummaryView(tables.reader, {
      now: () => clock,
      refreshMs: 1000,
      staleMs: 5000,
    })
    await cache.catchUp()
    const runs = async () => (await cache.answer(query))?.runs
    expect(await runs()).toBe(0)

    await appendRuns(tables.writer, [oneCall()])
    clock += 500
    expect(await runs(), 'younger than refreshMs: the view as it is').toBe(0)
    clock += 1000
    expect(await runs(), 'past refreshMs: answered at once, from the older view').toBe(0)
    await cache.catchUp()
    expect(await runs(), 'the refresh it started is in the next answer').toBe(1)

    await appendRuns(tables.writer, [oneCall()])
    clock += 6000
    expect(await runs(), 'past staleMs: the answer waits for the refresh').toBe(2)
  })

  it('keeps an answer as text for one state of the view only', async () => {
    let clock = 3_000_000
    const cache = new SummaryView(tables.reader, {
      now: () => clock,
      refreshMs: 1000,
      staleMs: 5000,
    })
    await cache.catchUp()
    const runs = async () =>
      (JSON.parse((await cache.answerText(query)) ?? 'null') as { runs: number }).runs
    const before = await runs()
    await appendRuns(tables.writer, [oneCall()])
    clock += 500
    expect(await runs(), 'the same view: the same text').toBe(before)
    clock += 6000
    expect(await runs(), 'a refreshed view is folded again').toBe(before + 1)
    expect(await cache.answerText(query)).toBe(JSON.stringify(await cache.answer(query)))
  })

  it('makes a page of a runs list once for one state of the view, with its runs as of then', async () => {
    let clock = 4_000_000
    const view = new SummaryView(tables.reader, {
      now: () => clock,
      refreshMs: 1000,
      staleMs: 5000,
    })
    await view.catchUp()
    let made = 0
    const page = () =>
      view.runRowsText(query, 'first', (tallies) => {
        made += 1
        return Promise.resolve(String(tallies.order.length))
      })
    const before = Number(await page())
    await appendRuns(tables.writer, [oneCall()])
    clock += 500
    expect(Number(await page()), 'the same view: the same page').toBe(before)
    expect(made).toBe(1)
    clock += 6000
    expect(Number(await page()), 'a refreshed view makes it again').toBe(before + 1)
    expect(made).toBe(2)
    clock += 6000
    expect(Number(await page()), 'a refresh that finds nothing new keeps it').toBe(before + 1)
    expect(made).toBe(2)
  })

  it('reads /meta once for one state of the view, and not before the first count', async () => {
    let clock = 5_000_000
    const view = new SummaryView(tables.reader, {
      now: () => clock,
      refreshMs: 1000,
      staleMs: 5000,
    })
    let made = 0
    const meta = () =>
      view.metaText(async () => {
        made += 1
        return JSON.stringify(await readMeta(tables.reader, SETTINGS))
      })
    expect(await meta(), 'no view yet: the caller reads the tables').toBeNull()
    await view.catchUp()
    const latest = async () => (JSON.parse((await meta()) ?? 'null') as Meta).latestAt
    const before = await latest()
    await appendRuns(tables.writer, [oneCall(20 * 3_600_000)])
    clock += 500
    expect(await latest(), 'the same view: the same answer').toBe(before)
    expect(made).toBe(1)
    clock += 6000
    const after = await latest()
    expect(after, 'a refreshed view that changed: read again').not.toBe(before)
    expect(after).toBe((await readMeta(tables.reader, SETTINGS)).latestAt)
    clock += 6000
    expect(await latest(), 'a refresh that finds nothing new keeps it').toBe(after)
    expect(made).toBe(2)
  })

  it('starts a refresh when a page asks /meta, so its /summary finds the view caught up', async () => {
    let clock = 2_000_000
    const db = recordingDatabase(tables.reader)
    const summaries = new SummaryView(db, { now: () => clock, refreshMs: 1000, staleMs: 5000 })
    await summaries.catchUp()
    const settings = { installation: 'x', privacyLevel: 'metadata', retentionDays: null }
    const handle = createApiHandler({
      db,
      settings: { ...settings, argumentCheckSince: null },
      builtinTools: [],
      tokens: null,
      log: () => undefined,
      summaries,
    })
    const listening = await listen({ handle, host: '127.0.0.1', port: 0 })
    try {
      const ask = askServer(`${listening.url}/api/diagnostics/v1`)
      const before = (await summaries.answer(query))?.runs ?? 0
      await appendRuns(tables.writer, [oneCall()])
      clock += 6000
      const readsBefore = topReads()
      db.statements.length = 0
      expect((await ask('/meta')).status).toBe(200)
      expect(topReads() - readsBefore, 'one refresh started').toBe(1)
      await summaries.catchUp()
      db.statements.length = 0
      expect((await summaries.answer(query))?.runs, 'the refresh /meta started').toBe(before + 1)
      expect(db.statements, 'the answer itself waited for nothing').toEqual([])
    } finally {
      await listening.close()
    }
  })

  afterEach(() => {
    vi.restoreAllMocks()
  })

  /**
   * A gate on the statements `method` of every `RunStatuses` runs: once armed, they wait there
   * before they reach the database (the method's own work around them is unchanged).
   */
  function gatedStatuses(method: 'refresh' | 'rereadAll') {
    let gate: { reached: () => void; open: Promise<void> } | null = null
    let release = () => undefined as void
    const original = RunStatuses.prototype[method]
    vi.spyOn(RunStatuses.prototype, method).mockImplementation(function (this: RunStatuses, db) {
      const gated: Database = {
        ...db,
        query: async (...args) => {
          if (gate !== null) {
            gate.reached()
            await gate.open
          }
          return db.query(...args)
        },
      }
      return original.call(this, gated)
    })
    return {
      /** Resolves once a call waits at the gate. */
      arm: () =>
        new Promise<void>((resolve) => {
          gate = { reached: resolve, open: new Promise<void>((open) => (release = open)) }
        }),
      open: () => {
        gate = null
        release()
      },
    }
  }

  /** The answers while a refresh of `cache` waits at the reader's gate, and after it. */
  async function aroundRefresh(reader: ReturnType<typeof gatedStatuses>, cache: SummaryView) {
    const reached = reader.arm()
    const refresh = cache.catchUp()
    await reached
    const during = await cache.answer(query)
    reader.open()
    await refresh
    return { during, after: await cache.answer(query) }
  }

  it('answers while a refresh is under way from the view before it, never a step twice', async () => {
    let clock = 3_000_000
    // The refresh's reading of run statuses, after its reading of steps, waits at the gate.
    const reader = gatedStatuses('refresh')
    const cache = new SummaryView(tables.reader, {
      now: () => clock,
      refreshMs: 1000,
      staleMs: 1_000_000,
      settleMs: 5000,
    })
    await cache.catchUp()
    await appendRuns(tables.writer, [oneCall(), oneCall()])
    clock += 2000
    await cache.catchUp()
    const before = await cache.answer(query)
    expect(before?.runs).toBeGreaterThanOrEqual(2)

    // The next refresh keeps for good the rows the last one saw (they leave its tail) and
    // stops at the gate; an answer meanwhile is the view before it.
    clock += 6000
    const { during, after } = await aroundRefresh(reader, cache)
    expect(during, 'during the refresh').toEqual(before)
    expect(after, 'after it').toEqual(before)
  })

  it('answers from the statuses known before while a purge makes it read them all again', async () => {
    let clock = 4_000_000
    // The full reread of statuses waits at the gate.
    const reader = gatedStatuses('rereadAll')
    const cache = new SummaryView(tables.reader, {
      now: () => clock,
      refreshMs: 1000,
      staleMs: 1e6,
    })
    await appendRuns(tables.writer, [oneCall(), oneCall()])
    await cache.catchUp()
    const before = await cache.answer(query)
    const [oldest] = await tables.writer.query(`SELECT MIN(uid) AS uid FROM ${RUNS}`)
    await tables.writer.query(`DELETE FROM ${RUNS} WHERE uid = ?`, [Number(oldest?.uid)])
    clock += 2000
    const { during, after } = await aroundRefresh(reader, cache)
    expect(during, 'during the reread').toEqual(before)
    expect(after?.runs, 'after it: the purged run left').toBe((before?.runs ?? 0) - 1)
  })

  it('lets go of the steps of purged runs once they are a quarter of its runs', async () => {
    let clock = 5_000_000
    const log: string[] = []
    const cache = new SummaryView(tables.reader, {
      now: () => clock,
      refreshMs: 1000,
      log: (line) => log.push(line),
    })
    await appendRuns(tables.writer, Array.from({ length: 8 }, oneCall))
    await cache.catchUp()
    const before = cache.size
    const [edge] = await tables.writer.query(
      `SELECT uid FROM ${RUNS} ORDER BY uid DESC LIMIT 1 OFFSET 2`,
    )
    // The retention purge: every run but the newest two, and their steps.
    await tables.writer.query(`DELETE FROM ${EVENTS} WHERE run <= ?`, [Number(edge?.uid)])
    await tables.writer.query(`DELETE FROM ${RUNS} WHERE uid <= ?`, [Number(edge?.uid)])
    clock += 2000
    await cache.catchUp()
    expect(log.filter((line) => line.includes('dropped the steps'))).toHaveLength(1)
    expect(cache.size.runs).toBe(2)
    expect(cache.size.groups, 'only the two runs’ groups are held').toBeLessThan(before.groups)
    expect(cache.size.groups).toBe(2)
    expect(await cache.answer(query)).toEqual(await countSummary(tables.reader, query))
  })

  it('keeps its view fresh in the background, with no answer asked', async () => {
    const cache = new SummaryView(tables.reader, { refreshMs: 20, staleMs: 100 })
    await cache.catchUp()
    const before = (await cache.answer(query))?.runs ?? 0
    await appendRuns(tables.writer, [oneCall()])
    const readsBefore = topReads()
    const stop = cache.keepFresh()
    try {
      await expect.poll(() => topReads() - readsBefore, { timeout: 5000 }).toBeGreaterThanOrEqual(2)
    } finally {
      stop()
    }
    await cache.catchUp()
    expect((await cache.answer(query))?.runs).toBe(before + 1)
  })
})
