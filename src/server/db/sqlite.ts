import BetterSqlite3 from 'better-sqlite3'
import { availableParallelism } from 'node:os'
import { Worker } from 'node:worker_threads'
import { DatabaseUnavailableError, type Database, type Row, type SqlValue } from './database'
import { registerFunctions } from './sqlite-functions.mjs'
import { messageOf } from '@/domain/message-of'

interface Job {
  resolve: (rows: Row[]) => void
  reject: (error: Error) => void
}

interface Answer {
  id: number
  rows?: Row[]
  error?: { message: string; code: string | null }
}

/** Codes of a file that is busy, or changed under the server (the reader reopened it already). */
const UNAVAILABLE_CODES = new Set([
  'SQLITE_BUSY',
  'SQLITE_LOCKED',
  'SQLITE_CORRUPT',
  'SQLITE_NOTADB',
  'SQLITE_CANTOPEN',
  'RD_FILE_CHANGED',
])

/**
 * A failure of a statement as the rest of the server knows it: a busy, missing or changing file
 * (a restore in progress: empty or half copied) is 503, the rest 500.
 */
function failureOf(message: string, code: string | null): Error {
  if (code !== null && UNAVAILABLE_CODES.has(code))
    return new DatabaseUnavailableError(`SQLite cannot be read now: ${message}`)
  return Object.assign(new Error(message), { code })
}

/**
 * Reader threads of the API server at most: one per core up to four for bulk reads (steps, the
 * summary view's groups), and one more that bulk reads never take (`limitConnections`), so
 * `/meta` does not wait behind them. They are also its statements in flight: a statement waits
 * for a free reader at most `--connection-wait`, as on the other engines.
 */
export const SQLITE_READERS = Math.min(4, availableParallelism()) + 1

/**
 * How long a reader beyond the first may stay without a statement before it stops. Each holds
 * its own V8 heap and SQLite page cache (10–25 MB): a quiet server keeps one.
 */
export const SPARE_READER_IDLE_MS = 30_000

/**
 * SQLite through better-sqlite3. The API opens the file read-only (a long read in rollback-journal
 * mode would otherwise block the CMS's writers) and reads in `readers` worker threads, since
 * better-sqlite3 blocks the thread it runs on: 50 dashboards reading at once would otherwise
 * queue every request, even `/meta`, behind the longest read. The seeder writes on its own thread.
 */
export function openSqlite(
  path: string,
  options: { write: boolean; busyTimeoutMs: number; readers?: number; spareIdleMs?: number },
): Database {
  let db: BetterSqlite3.Database
  try {
    db = new BetterSqlite3(path, { readonly: !options.write, fileMustExist: !options.write })
  } catch (error) {
    throw new DatabaseUnavailableError(
      `SQLite database ${path} cannot be opened: ${messageOf(error)}`,
    )
  }
  // A writer holding the file longer than this makes the read answer 503, not wait on.
  const busyTimeoutMs = Math.min(options.busyTimeoutMs, 5000)
  db.pragma(`busy_timeout = ${busyTimeoutMs}`)
  if (options.write) {
    registerFunctions(db)
    return onThisThread(db)
  }
  // The file opened: the readers open it again, each on its own thread.
  db.close()
  return inWorkers(
    path,
    busyTimeoutMs,
    options.readers ?? SQLITE_READERS,
    options.spareIdleMs ?? SPARE_READER_IDLE_MS,
  )
}

function onThisThread(db: BetterSqlite3.Database): Database {
  return {
    engine: 'sqlite',
    query: (sql: string, params: readonly SqlValue[] = []) => {
      try {
        const statement = db.prepare(sql)
        if (!statement.reader) {
          statement.run(...params)
          return Promise.resolve([])
        }
        return Promise.resolve(statement.all(...params) as Row[])
      } catch (error) {
        const code = (error as { code?: unknown }).code
        return Promise.reject(failureOf(messageOf(error), typeof code === 'string' ? code : null))
      }
    },
    close: () => {
      db.close()
      return Promise.resolve()
    },
  }
}

interface Reader {
  worker: Worker
  busy: Set<number>
  /** Stops this reader once it has stayed idle (spare readers only). */
  retiring?: NodeJS.Timeout
}

/**
 * Readers in worker threads, each given the next statement when it has none in hand. One starts
 * with the database; more, up to `count`, start when every reader has a statement in hand, and
 * stop again after {@link SPARE_READER_IDLE_MS} without one.
 */
function inWorkers(
  path: string,
  busyTimeoutMs: number,
  count: number,
  spareIdleMs: number,
): Database {
  const url = new URL('./sqlite-reader.worker.mjs', import.meta.url)
  const jobs = new Map<number, Job>()
  let nextId = 0
  let closed = false
  const retireWhenIdle = (reader: Reader) => {
    if (reader.busy.size > 0 || readers[0] === reader) return
    reader.retiring = setTimeout(() => {
      const at = readers.indexOf(reader)
      if (at < 0 || reader.busy.size > 0) return
      readers.splice(at, 1)
      void reader.worker.terminate()
    }, spareIdleMs).unref()
  }
  const start = (): Reader => {
    const worker = new Worker(url, {
      workerData: { path, busyTimeoutMs },
      // A reader's rows live only until they are posted: a small young generation is enough,
      // and a grown one stays resident (about 27 MB less after a first count of ten million
      // steps, two readers).
      resourceLimits: { maxYoungGenerationSizeMb: 4 },
    })
    const reader: Reader = { worker, busy: new Set<number>() }
    worker.on('message', (answer: Answer) => {
      const job = jobs.get(answer.id)
      jobs.delete(answer.id)
      reader.busy.delete(answer.id)
      retireWhenIdle(reader)
      if (!job) return
      if (answer.error) job.reject(failureOf(answer.error.message, answer.error.code))
      else job.resolve(answer.rows ?? [])
    })
    // A reader that dies fails what it held and is replaced, so the server keeps answering.
    const fail = (why: string) => {
      for (const id of reader.busy) {
        jobs.get(id)?.reject(new DatabaseUnavailableError(`The SQLite reader stopped: ${why}`))
        jobs.delete(id)
      }
      reader.busy.clear()
      const at = readers.indexOf(reader)
      if (closed || at < 0) return
      const replacement = start()
      readers[at] = replacement
      retireWhenIdle(replacement)
    }
    worker.on('error', (error) => fail(messageOf(error)))
    worker.on('exit', (code) => fail(`exit code ${code}`))
    return reader
  }
  const readers = [start()]
  /** An idle reader, a new one while there may be more, else the one with the fewest in hand. */
  const pick = (): Reader => {
    const idle = readers.find((reader) => reader.busy.size === 0)
    if (idle) return idle
    if (readers.length < Math.max(1, count)) {
      readers.push(start())
      return readers[readers.length - 1] as Reader
    }
    return readers.reduce((a, b) => (b.busy.size < a.busy.size ? b : a))
  }
  const db: Database = {
    engine: 'sqlite',
    query: (sql: string, params: readonly SqlValue[] = []) =>
      new Promise<Row[]>((resolve, reject) => {
        if (closed) {
          reject(new DatabaseUnavailableError('The SQLite database is closed.'))
          return
        }
        const id = nextId++
        jobs.set(id, { resolve, reject })
        const reader = pick()
        clearTimeout(reader.retiring)
        reader.busy.add(id)
        reader.worker.postMessage({ id, sql, params })
      }),
    close: async () => {
      closed = true
      for (const reader of readers) clearTimeout(reader.retiring)
      await Promise.all(readers.map((r) => r.worker.terminate()))
      for (const job of jobs.values())
        job.reject(new DatabaseUnavailableError('The SQLite database is closed.'))
      jobs.clear()
    },
  }
  threadsOf.set(db, () => readers.length)
  return db
}

const threadsOf = new WeakMap<Database, () => number>()

/** How many reader threads a database opened by {@link openSqlite} runs now (0: none of its). */
export function readerThreads(db: Database): number {
  return threadsOf.get(db)?.() ?? 0
}
