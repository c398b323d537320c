/**
 * The summary view while the CMS writes: random interleavings of new runs, steps committed late
 * (a lower crdate than rows already counted, a higher uid), retention purges, status changes and
 * the clock moving on; after each, every answer equals a fresh count over the tables as they are
 * (`countSummary`, the database's own GROUP BY) — also after a restart, which reads the view
 * saved at stop and only what changed since. On every engine. And a lower uid committed
 * after a higher one was counted, on the engines with concurrent writers.
 */
import fc from 'fast-check'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import mysql from 'mysql2/promise'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parseSummaryParams } from '@/domain/api-query'
import type { Database } from '../db/database'
import { countSummary } from '../testing/database-count'
import type { SummaryQuery } from '../read/summary-shape'
import { appendRuns } from '../seed/seed-installation'
import { EVENTS, RUNS } from '../sql/tables'
import { createEmptyTables, type EmptyTables } from '../testing/empty-tables'
import { testEngines } from '../testing/engines'
import {
  CODES,
  queryArb,
  runArb,
  SPAN_DAYS,
  START,
  summaryQueryOf,
  TOOL_NAMES,
  toRun,
  type QuerySpec,
} from '../testing/generated-runs'
import { topEventUid } from './read-step-groups'
import { SummaryView } from './summary-view'

const RUNS_PER_CASE = Number(process.env.RD_PROPERTY_RUNS ?? 12)
const SPAN_SECONDS = SPAN_DAYS * 86_400
const startSeconds = START / 1000

const opArb = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.record({
      op: fc.constant('add' as const),
      runs: fc.array(runArb, { minLength: 1, maxLength: 4 }),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      op: fc.constant('late' as const),
      pick: fc.nat(),
      at: fc.integer({ min: 0, max: SPAN_SECONDS }),
      tool: fc.constantFrom(...TOOL_NAMES),
      refusal: fc.option(fc.constantFrom(...CODES), { nil: undefined }),
      isError: fc.oneof(fc.boolean(), fc.constant('yes')),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      op: fc.constant('purge' as const),
      before: fc.integer({ min: 0, max: SPAN_SECONDS }),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      op: fc.constant('status' as const),
      pick: fc.nat(),
      status: fc.constantFrom('completed', 'failed', 'running', 'cancelled', 'odd "one"'),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      op: fc.constant('tick' as const),
      ms: fc.integer({ min: 0, max: 90_000 }),
    }),
  },
  { weight: 3, arbitrary: fc.record({ op: fc.constant('ask' as const), query: queryArb }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('restart' as const) }) },
)

const summaryQuery = (q: QuerySpec): SummaryQuery => summaryQueryOf(q).query

const engines = await testEngines()
let uuids = 0
/** The CMS sets `tstamp` to the time of every update; later than any seeded one. */
let changedAt = 2_000_000_000
let views = 0
const uniqueUuid = () => `00000000-0000-4000-8000-${(uuids++).toString(16).padStart(12, '0')}`

describe.each(engines)('the summary view on %s', (engine) => {
  let tables: EmptyTables
  let writer: Database
  let reader: Database
  let state: string
  beforeAll(async () => {
    tables = await createEmptyTables(engine)
    ;({ writer, reader } = tables)
    state = mkdtempSync(join(tmpdir(), 'rd-view-'))
  }, 120_000)
  afterAll(async () => {
    await tables?.close()
    rmSync(state, { recursive: true, force: true })
  })

  it('answers as a fresh count after inserts, late commits, purges and status changes', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(opArb, { minLength: 1, maxLength: 12 }),
        fc.array(queryArb, { minLength: 1, maxLength: 2 }),
        async (ops, finalQueries) => {
          await writer.query(`DELETE FROM ${EVENTS}`)
          await writer.query(`DELETE FROM ${RUNS}`)
          let clock = 1_000_000
          const log: string[] = []
          const file = join(state, `view-${(views += 1)}.bin`)
          const options = {
            now: () => clock,
            refreshMs: 0,
            settleMs: 60_000,
            chunkUids: 7,
            file,
            database: engine,
            log: (line: string) => log.push(line),
          }
          let cache = new SummaryView(reader, options)
          await cache.start()
          await cache.catchUp()
          const runUids: number[] = []
          // The highest uid the event table has held: a table whose top row is gone since may
          // hand those uids out again (SQLite does), so the saved view cannot be resumed.
          let everTop = 0
          const noteTop = async () => {
            everTop = Math.max(everTop, await topEventUid(reader))
          }
          const check = async (query: SummaryQuery) => {
            const cached = await cache.answer(query)
            expect(cached, 'every generated query is on quarter hours').not.toBeNull()
            expect(cached).toEqual(await countSummary(reader, query))
          }
          for (const op of ops) {
            if (op.op === 'add') {
              const specs = op.runs.map((spec) => ({ ...spec, uuid: uniqueUuid() }))
              const levels = new Map(specs.map((spec) => [spec.uuid, spec.level]))
              const runs = specs.map(toRun)
              const added = await appendRuns(
                writer,
                runs,
                (run) => levels.get(run.uuid) ?? 'metadata',
              )
              runUids.push(...added.uids)
              await noteTop()
            } else if (op.op === 'late' && runUids.length > 0) {
              const run = runUids[op.pick % runUids.length] ?? 0
              const payload = JSON.stringify({
                kind: 'tool',
                toolName: op.tool,
                toolIsError: op.isError,
                ...(op.refusal === undefined ? {} : { toolRefusal: op.refusal }),
              })
              await writer.query(
                `INSERT INTO ${EVENTS} (run, sequence, kind, round, duration_ms, payload, crdate) VALUES (?, 99, 'tool', 1, 1, ?, ?)`,
                [run, payload, startSeconds + op.at],
              )
              await noteTop()
            } else if (op.op === 'purge') {
              const cutoff = startSeconds + op.before
              await writer.query(
                `DELETE FROM ${EVENTS} WHERE run IN (SELECT uid FROM ${RUNS} WHERE crdate < ?)`,
                [cutoff],
              )
              await writer.query(`DELETE FROM ${RUNS} WHERE crdate < ?`, [cutoff])
            } else if (op.op === 'status' && runUids.length > 0) {
              await writer.query(`UPDATE ${RUNS} SET status = ?, tstamp = ? WHERE uid = ?`, [
                op.status,
                (changedAt += 1),
                runUids[op.pick % runUids.length] ?? 0,
              ])
            } else if (op.op === 'tick') {
              clock += op.ms
            } else if (op.op === 'ask') {
              await check(summaryQuery(op.query))
            } else if (op.op === 'restart') {
              await cache.flush()
              cache = new SummaryView(reader, options)
              log.length = 0
              await cache.start()
              // As at the first start: an answer may join a refresh begun before later writes.
              await cache.catchUp()
              // Only a purge of every row it was counted from, or of the table's newest rows,
              // makes it count again.
              const topGone = (await topEventUid(reader)) < everTop
              expect(
                log.filter(
                  (line) =>
                    line.includes('afresh') &&
                    !line.includes('none of the rows') &&
                    !(topGone && line.includes('is below the view')),
                ),
                'the saved view is read',
              ).toEqual([])
            }
          }
          for (const q of finalQueries) await check(summaryQuery(q))
          clock += 120_000
          for (const q of finalQueries) await check(summaryQuery(q))
        },
      ),
      { numRuns: RUNS_PER_CASE },
    )
  }, 600_000)
})

/*
 * A transaction that takes a lower uid and commits after a higher one was seen (two CMS
 * processes writing at once) is still counted: rows above the uid seen `settleMs` ago are read
 * again on every refresh. PostgreSQL and MariaDB.
 */
/** Engines with concurrent writers: SQLite has one writer at a time. */
const concurrent = engines.filter((engine) => engine !== 'sqlite')
const lateQuery = parseSummaryParams(
  new URLSearchParams({ from: '2026-11-01T00:00:00Z', to: '2026-11-03T00:00:00Z', tz: 'UTC' }),
)
if (!lateQuery.ok) throw new Error(lateQuery.message)
const at = Date.parse('2026-11-02T10:00:00Z') / 1000
const insert = `INSERT INTO ${EVENTS} (run, sequence, kind, round, duration_ms, payload, crdate)
  VALUES (?, 1, 'tool', 1, 1, '{"kind":"tool","toolName":"late_tool","toolIsError":false}', ?)`

/** A second writer with an open transaction, as another CMS process would hold one. */
async function openTransaction(engine: 'postgres' | 'mysql', url: string) {
  if (engine === 'postgres') {
    const client = new pg.Client({ connectionString: url })
    await client.connect()
    await client.query('BEGIN')
    return {
      insert: (run: number) =>
        client.query(insert.replace('?', '$1').replace('?', '$2'), [run, at]),
      commit: async () => {
        await client.query('COMMIT')
        await client.end()
      },
    }
  }
  const connection = await mysql.createConnection({ uri: url })
  await connection.query('START TRANSACTION')
  return {
    insert: (run: number) => connection.query(insert, [run, at]),
    commit: async () => {
      await connection.query('COMMIT')
      await connection.end()
    },
  }
}

describe.each(concurrent)('a late commit on %s', (engine) => {
  let tables: EmptyTables
  let writer: Database
  let reader: Database
  beforeAll(async () => {
    tables = await createEmptyTables(engine)
    ;({ writer, reader } = tables)
  }, 60_000)
  afterAll(async () => {
    await tables?.close()
  })

  it('counts a lower uid committed after a higher one was counted', async () => {
    let clock = 0
    const cache = new SummaryView(reader, { now: () => clock, refreshMs: 0, settleMs: 60_000 })
    const [run] = (
      await appendRuns(writer, [
        {
          uuid: '00000000-0000-4000-8000-00000000late',
          status: 'completed',
          configuration: 'page-editor',
          startedAt: '2026-11-02T09:59:00Z',
          finishedAt: '2026-11-02T10:01:00Z',
          terminationReason: 'completed',
          steps: [],
        },
      ])
    ).uids
    await cache.catchUp()
    const slow = await openTransaction(engine as 'postgres' | 'mysql', tables.url)
    await slow.insert(run ?? 0) // takes the lower uid, not visible yet
    await writer.query(insert, [run ?? 0, at]) // a higher uid, committed at once
    clock += 1000
    expect(await cache.answer(lateQuery)).toEqual(await countSummary(reader, lateQuery))
    clock += 30_000
    await slow.commit()
    clock += 1000
    const afterCommit = await cache.answer(lateQuery)
    expect(afterCommit?.rows).toEqual([
      { day: '2026-11-02', tool: 'late_tool', outcome: 'succeeded', code: null, calls: 2 },
    ])
    clock += 120_000 // both rows settle for good
    expect(await cache.answer(lateQuery)).toEqual(afterCommit)
    clock += 120_000
    expect(await cache.answer(lateQuery)).toEqual(await countSummary(reader, lateQuery))
  })
})
