/**
 * A restart with a saved view (decision 0022): the server reads its file and only the rows
 * written since; a file it cannot trust — cut short, corrupted, of another format or database,
 * or a table restored from an older backup — is said in the log and counted afresh, never
 * answered from. Saving that fails (no permission, disk full) is logged and answers go on. On
 * SQLite: the rules are the view's own, not the engine's.
 */
import { createHash } from 'node:crypto'
import {
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  truncateSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { parseSummaryParams } from '@/domain/api-query'
import { appendRuns } from '../seed/seed-installation'
import { EVENTS } from '../sql/tables'
import { countSummary } from '../testing/database-count'
import { createEmptyTables, type EmptyTables } from '../testing/empty-tables'
import { START, TOOL_NAMES, toRun } from '../testing/generated-runs'
import { recordingDatabase } from '../testing/recording-database'
import { SummaryView, type SummaryViewOptions } from './summary-view'
import { loadView, VIEW_FORMAT } from './view-file'

/** What the mocked `open` does to the next temporary file it opens: nothing, or a fault. */
const fault = vi.hoisted(() => ({ next: null as null | 'EACCES' | 'ENOSPC' }))

vi.mock('node:fs/promises', async (importOriginal) => {
  const actual = await importOriginal<typeof import('node:fs/promises')>()
  const failing = (code: string) =>
    Object.assign(new Error(`${code}: simulated by the test`), { code })
  const open: typeof actual.open = async (path, flags, mode) => {
    const kind = String(path).endsWith('.tmp') ? fault.next : null
    if (kind === 'EACCES') throw failing('EACCES')
    const handle = await actual.open(path, flags, mode)
    if (kind !== 'ENOSPC') return handle
    // The disk fills after the first write: every later one fails as a full disk does.
    let writes = 0
    return new Proxy(handle, {
      get(target, name, receiver) {
        if (name === 'write') {
          return async (...args: Parameters<typeof handle.write>) => {
            writes += 1
            if (writes > 1) throw failing('ENOSPC')
            return target.write(...args)
          }
        }
        const value: unknown = Reflect.get(target, name, receiver)
        return typeof value === 'function' ? value.bind(target) : value
      },
    })
  }
  return { ...actual, open, default: { ...actual, open } }
})

const query = (() => {
  const params = parseSummaryParams(
    new URLSearchParams({
      from: new Date(START).toISOString(),
      to: new Date(START + 14 * 86_400_000).toISOString(),
      tz: 'Asia/Kolkata',
    }),
  )
  if (!params.ok) throw new Error('the test query is valid')
  return params
})()

let next = 0
/** A run a day after START with a call of each hostile name: failed, refused and succeeded. */
const hostileRun = (day: number) =>
  toRun({
    uuid: `00000000-0000-4000-8000-${(next++).toString(16).padStart(12, '0')}`,
    status: next % 2 === 0 ? 'completed' : 'weird "status"',
    startOffset: day * 86_400_000 + 3_600_000,
    gaps: [],
    requeued: 0,
    level: 'metadata',
    steps: TOOL_NAMES.map((toolName, i) => ({
      kind: 'tool' as const,
      toolName,
      toolIsError: i % 3 !== 0,
      toolRefusal: i % 3 === 1 ? 'arguments' : undefined,
    })),
  })

describe('the summary view across a restart', () => {
  let tables: EmptyTables
  let state: string
  let file: string
  let log: string[]
  beforeAll(() => {
    state = mkdtempSync(join(tmpdir(), 'rd-restart-'))
  })
  afterAll(() => rmSync(state, { recursive: true, force: true }))
  afterEach(async () => {
    fault.next = null
    await tables?.close()
  })

  /** Fresh tables with two runs, and a view of them saved to a new file. */
  async function savedView(): Promise<SummaryView> {
    tables = await createEmptyTables('sqlite')
    await appendRuns(tables.writer, [hostileRun(1), hostileRun(2)])
    file = join(state, `view-${next}.bin`)
    const view = new SummaryView(...options())
    await view.start()
    await view.catchUp()
    await view.flush()
    return view
  }

  function options(db = tables.reader): [typeof db, SummaryViewOptions] {
    log = []
    // Every refresh settles what the one before saw, so two refreshes save new rows.
    const settle = { refreshMs: 0, settleMs: 0 }
    return [db, { ...settle, file, database: 'sqlite:test', log: (line) => log.push(line) }]
  }

  /** A new view, started from the file, once its first refresh is done. */
  async function restarted(db = tables.reader): Promise<SummaryView> {
    const view = new SummaryView(...options(db))
    await view.start()
    await view.catchUp()
    return view
  }

  const expectCountedAfresh = async (view: SummaryView, why: RegExp) => {
    expect(log.find((line) => line.includes('afresh'))).toMatch(why)
    expect(await view.answer(query)).toEqual(await countSummary(tables.reader, query))
  }

  it('reads its file and only the rows written since, and answers as a fresh count', async () => {
    const before = await savedView()
    const answered = await before.answer(query)
    expect(answered?.runs).toBe(2)
    await appendRuns(tables.writer, [hostileRun(3)])
    const db = recordingDatabase(tables.reader)
    const view = new SummaryView(...options(db))
    await view.start()
    expect(view.built, 'it answers at once, before any refresh').toBe(true)
    expect(log[0]).toMatch(/^summary view: read .* reading what changed since$/)
    await view.catchUp()
    const groupRows = db.rows.filter((row) => 'steps' in row)
    const newRun = TOOL_NAMES.length
    expect(groupRows.length, 'only the new run’s steps are read').toBeLessThanOrEqual(newRun)
    expect(groupRows.length).toBeGreaterThan(0)
    expect(await view.answer(query)).toEqual(await countSummary(tables.reader, query))
    expect((await view.answer(query))?.runs).toBe(3)
  })

  it('counts afresh when there is no file yet', async () => {
    await savedView()
    rmSync(file)
    await expectCountedAfresh(await restarted(), /there is none yet/)
  })

  it('counts afresh from a file cut short', async () => {
    await savedView()
    truncateSync(file, Math.floor(readFileSync(file).length / 2))
    await expectCountedAfresh(await restarted(), /cut short/)
  })

  it('counts afresh from a file with one byte changed', async () => {
    await savedView()
    const bytes = readFileSync(file)
    const at = bytes.length - 40
    bytes[at] = (bytes[at] ?? 0) ^ 0x01
    writeFileSync(file, bytes)
    await expectCountedAfresh(await restarted(), /do not match their digest/)
  })

  it('counts afresh from a file another version of the server wrote', async () => {
    await savedView()
    const bytes = readFileSync(file)
    const headerLength = bytes.readUInt32LE(8)
    const header = bytes.subarray(12, 12 + headerLength).toString('utf8')
    const other = header.replace(`"format":${VIEW_FORMAT},`, `"format":${VIEW_FORMAT + 1},`)
    expect(other).not.toBe(header)
    const body = Buffer.concat([bytes.subarray(0, 12), Buffer.from(other, 'utf8')])
    const rest = bytes.subarray(12 + headerLength, bytes.length - 32)
    const digest = createHash('sha256').update(body).update(rest).digest()
    writeFileSync(file, Buffer.concat([body, rest, digest]))
    await expectCountedAfresh(
      await restarted(),
      new RegExp(`counting another way \\(format ${VIEW_FORMAT + 1}, this one ${VIEW_FORMAT}\\)`),
    )
  })

  it('counts afresh from a file of another database', async () => {
    await savedView()
    await expect(loadView(file, 'postgres://elsewhere:5432/cms')).rejects.toThrow(
      /it counts another database \(sqlite:test\)/,
    )
    const view = new SummaryView(tables.reader, { ...options()[1], database: 'sqlite:other' })
    await view.start()
    await view.catchUp()
    await expectCountedAfresh(view, /another database/)
  })

  it('counts afresh when the table was restored from an older backup (uids back)', async () => {
    await savedView()
    await tables.writer.query(`DELETE FROM ${EVENTS}`)
    await tables.writer.query(`DELETE FROM sqlite_sequence WHERE name = ?`, [EVENTS])
    await appendRuns(tables.writer, [hostileRun(4)])
    await expectCountedAfresh(await restarted(), /below the view's .* emptied or restored/)
  })

  it('counts afresh when the same uids hold other rows', async () => {
    await savedView()
    await tables.writer.query(`UPDATE ${EVENTS} SET crdate = crdate + 86400`)
    await expectCountedAfresh(await restarted(), /event row \d+ is not the row it counted/)
  })

  it('keeps the old file and answers on when it may not write the new one', async () => {
    const view = await savedView()
    const saved = readFileSync(file)
    await appendRuns(tables.writer, [hostileRun(5)])
    await view.catchUp()
    await view.catchUp()
    fault.next = 'EACCES'
    await view.flush()
    expect(log.at(-1)).toMatch(/cannot save .*EACCES.*the next start counts from the last saved/)
    expect(readFileSync(file).equals(saved), 'the old file is untouched').toBe(true)
    expect((await view.answer(query))?.runs).toBe(3)
  })

  it('keeps the old file whole and leaves no partial one when the disk fills', async () => {
    const view = await savedView()
    const saved = readFileSync(file)
    await appendRuns(tables.writer, [hostileRun(6)])
    await view.catchUp()
    await view.catchUp()
    fault.next = 'ENOSPC'
    await view.flush()
    expect(log.at(-1)).toMatch(/cannot save .*ENOSPC/)
    expect(readFileSync(file).equals(saved)).toBe(true)
    expect(readdirSync(state).filter((name) => name.endsWith('.tmp'))).toEqual([])
    expect((await view.answer(query))?.runs).toBe(3)
    fault.next = null
    const again = await restarted()
    expect(log[0], 'the next start reads the last saved view').toMatch(/^summary view: read /)
    expect(await again.answer(query)).toEqual(await countSummary(tables.reader, query))
  })
})
