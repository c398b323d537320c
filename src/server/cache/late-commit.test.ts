/**
 * A transaction that takes a lower uid and commits after a higher one was seen (two CMS
 * processes writing at once) is still counted: rows above the uid seen `settleMs` ago are read
 * again on every refresh. PostgreSQL and MariaDB (SQLite has one writer at a time).
 */
import mysql from 'mysql2/promise'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parseSummaryParams } from '../../domain/api-query'
import { createListedInstallation } from '../../mocks/variants'
import type { Database } from '../db/database'
import { openDatabase } from '../db/open-database'
import { countSummary } from '../read/summary'
import { appendRuns, seedInstallation } from '../seed/seed-installation'
import { EVENTS } from '../sql/tables'
import { createTestDatabase, testEngines, type TestDatabase } from '../testing/engines'
import { SummaryCache } from './summary-cache'

const engines = (await testEngines()).filter((engine) => engine !== 'sqlite')
const query = parseSummaryParams(
  new URLSearchParams({ from: '2026-11-01T00:00:00Z', to: '2026-11-03T00:00:00Z', tz: 'UTC' }),
)
if (!query.ok) throw new Error(query.message)
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

describe.each(engines)('a late commit on %s', (engine) => {
  let database: TestDatabase
  let writer: Database
  let reader: Database
  beforeAll(async () => {
    database = await createTestDatabase(engine)
    writer = openDatabase(database.url, { write: true })
    await seedInstallation(
      writer,
      createListedInstallation({
        meta: {
          installation: 'late commits',
          privacyLevel: 'metadata',
          earliestAt: null,
          latestAt: null,
          retentionDays: null,
          argumentCheckSince: null,
        },
        tools: [],
        runs: [],
      }),
    )
    reader = openDatabase(database.url, { write: false })
  }, 60_000)
  afterAll(async () => {
    await reader?.close()
    await writer?.close()
    await database?.drop()
  })

  it('counts a lower uid committed after a higher one was counted', async () => {
    let clock = 0
    const cache = new SummaryCache(reader, { now: () => clock, refreshMs: 0, settleMs: 60_000 })
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
    await cache.current()
    const slow = await openTransaction(engine as 'postgres' | 'mysql', database.url)
    await slow.insert(run ?? 0) // takes the lower uid, not visible yet
    await writer.query(insert, [run ?? 0, at]) // a higher uid, committed at once
    clock += 1000
    expect(await cache.answer(query)).toEqual(await countSummary(reader, query))
    clock += 30_000
    await slow.commit()
    clock += 1000
    const afterCommit = await cache.answer(query)
    expect(afterCommit?.rows).toEqual([
      { day: '2026-11-02', tool: 'late_tool', outcome: 'succeeded', code: null, calls: 2 },
    ])
    clock += 120_000 // both rows settle for good
    expect(await cache.answer(query)).toEqual(afterCommit)
    clock += 120_000
    expect(await cache.answer(query)).toEqual(await countSummary(reader, query))
  })
})

it('asks a query the cache answers (the late commits need PostgreSQL or MariaDB)', () => {
  expect(query.ok).toBe(true)
})
