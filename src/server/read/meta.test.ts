/** `/meta`'s first and last recorded step: writes (`tool_write`) at either end do not count. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createListedInstallation } from '../../mocks/variants'
import type { Database } from '../db/database'
import { openDatabase } from '../db/open-database'
import { seedInstallation } from '../seed/seed-installation'
import { EVENTS, RUNS } from '../sql/tables'
import { createTestDatabase, testEngines, type TestDatabase } from '../testing/engines'
import { readMeta } from './meta'

const DAY = Date.UTC(2026, 10, 3) / 1000
const SETTINGS = {
  installation: 'x',
  privacyLevel: 'metadata',
  retentionDays: null,
  argumentCheckSince: null,
} as const
const iso = (seconds: number) => new Date(seconds * 1000).toISOString()

const engines = await testEngines()

describe.each(engines)('readMeta on %s', (engine) => {
  let database: TestDatabase
  let writer: Database
  let reader: Database

  beforeAll(async () => {
    database = await createTestDatabase(engine)
    writer = openDatabase(database.url, { write: true })
    const meta = { ...SETTINGS, earliestAt: null, latestAt: null }
    await seedInstallation(writer, createListedInstallation({ meta, tools: [], runs: [] }))
    await writer.query(
      `INSERT INTO ${RUNS} (uuid, status, configuration_identifier, termination_reason, started_at, finished_at, crdate, tstamp)
       VALUES ('r', 'completed', 'page-editor', '', ?, ?, ?, ?)`,
      [DAY, DAY, DAY, DAY],
    )
    reader = openDatabase(database.url, { write: false })
  }, 120_000)
  afterAll(async () => {
    await reader?.close()
    await writer?.close()
    await database?.drop()
  })

  const add = async (kind: string, crdate: number) => {
    const [run] = await writer.query(`SELECT uid FROM ${RUNS} WHERE uuid = 'r'`)
    await writer.query(
      `INSERT INTO ${EVENTS} (run, sequence, kind, round, duration_ms, payload, crdate) VALUES (?, ?, ?, 1, 0, '{}', ?)`,
      [Number(run?.uid), crdate, kind, crdate],
    )
  }

  it('is null at both ends without steps, and with writes only', async () => {
    expect(await readMeta(reader, SETTINGS)).toMatchObject({ earliestAt: null, latestAt: null })
    await add('tool_write', DAY - 500)
    await add('tool_write', DAY + 500)
    expect(await readMeta(reader, SETTINGS)).toMatchObject({ earliestAt: null, latestAt: null })
  })

  it('gives the first and last step that is not a write', async () => {
    await add('llm', DAY)
    await add('tool', DAY + 50)
    await add('tool_write', DAY + 60)
    expect(await readMeta(reader, SETTINGS)).toEqual({
      ...SETTINGS,
      earliestAt: iso(DAY),
      latestAt: iso(DAY + 50),
    })
  })
})
