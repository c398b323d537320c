/**
 * The first count in a child process (decision 0022): the view it saves is taken up and answers
 * as a count in the server's own thread does; a child that fails leaves the count to the
 * server. Every engine: the child opens the database by its URL as the server does.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parseSummaryParams } from '@/domain/api-query'
import { createInstallation } from '@/mocks/installation'
import { appendRuns } from '../seed/seed-installation'
import { countSummary } from '../testing/database-count'
import { createEmptyTables, type EmptyTables } from '../testing/empty-tables'
import { testEngines } from '../testing/engines'
import { countInChild } from './count-in-child'
import { SummaryView, type BuildProgress } from './summary-view'

const engines = await testEngines()
const installation = createInstallation({ scale: 0.2 })

const query = (() => {
  const params = parseSummaryParams(
    new URLSearchParams({
      // Whole UTC days around the data: on the view's grain.
      from: `${(installation.meta.earliestAt ?? '').slice(0, 10)}T00:00:00Z`,
      to:
        new Date(Date.parse(installation.meta.latestAt ?? '') + 86_400_000)
          .toISOString()
          .slice(0, 10) + 'T00:00:00Z',
      tz: 'Asia/Kolkata',
    }),
  )
  if (!params.ok) throw new Error('the test query is valid')
  return params
})()

describe.each(engines)('the first count in a child process on %s', (engine) => {
  let tables: EmptyTables
  let state: string
  beforeAll(async () => {
    state = mkdtempSync(join(tmpdir(), 'rd-count-child-'))
    tables = await createEmptyTables(engine)
    const { runs } = installation.queryRuns({ from: null, to: null, tools: [] }, null, 100_000)
    await appendRuns(tables.writer, runs)
  }, 180_000)
  afterAll(async () => {
    await tables?.close()
    rmSync(state, { recursive: true, force: true })
  })

  it('takes up the view the child saved, answering as a count here does', async () => {
    const log: string[] = []
    const progress: BuildProgress[] = []
    const file = join(state, 'view.bin')
    const job = { database: tables.url, open: { write: false }, file, identity: engine }
    const view = new SummaryView(tables.reader, {
      file,
      database: engine,
      log: (line) => log.push(line),
      countElsewhere: (onProgress) =>
        countInChild(
          job,
          (p) => (onProgress(p), progress.push(p)),
          (line) => log.push(line),
        ),
    })
    await view.ready()
    expect(
      log.filter((line) => line.endsWith('counted in a child process')),
      log.join('\n'),
    ).toHaveLength(1)
    expect(log.some((line) => line.startsWith('summary view (counting process):'))).toBe(true)
    expect(await view.answer(query)).toEqual(await countSummary(tables.reader, query))
    for (const p of progress) expect(p.done).toBeLessThanOrEqual(p.total)
  }, 60_000)

  it('counts here when the child fails, and says so', async () => {
    const log: string[] = []
    const view = new SummaryView(tables.reader, {
      file: join(state, 'never-written.bin'),
      database: engine,
      log: (line) => log.push(line),
      countElsewhere: () => Promise.reject(new Error('no child today')),
    })
    await view.ready()
    expect(log).toContain(
      'summary view: counting in a child process failed (no child today); counting here',
    )
    expect(await view.answer(query)).toEqual(await countSummary(tables.reader, query))
  })

  it('rejects with what went wrong in the child', async () => {
    const missing = join(state, 'missing', 'cms.db')
    const job = {
      database: `sqlite:${missing}`,
      open: { write: false },
      file: join(state, 'not-written.bin'),
      identity: engine,
    }
    await expect(
      countInChild(
        job,
        () => undefined,
        () => undefined,
      ),
    ).rejects.toThrow(`SQLite database ${missing} cannot be opened`)
  })
})
