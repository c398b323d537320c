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
 * Reader threads of the API server: one per core up to four for bulk reads (steps, the summary
 * view's groups), and one more that bulk reads never take (`limitConnections`), so `/meta` does
 * not wait behind them. They are also its statements in flight: a statement waits for a free
 * reader at most `--connection-wait`, as on the other engines.
 */
export const SQLITE_READERS = Math.min(4, availableParallelism()) + 1

/**
 * SQLite through better-sqlite3. The API opens the file read-only (a long read in rollback-journal
 * mode would otherwise block the CMS's writers) and reads in `readers` worker threads, since
 * better-sqlite3 blocks the thread it runs on: 50 dashboards reading at once would otherwise
 * queue every request, even `/meta`, behind the longest read. The seeder writes on its own thread.
 */
export function openSqlite(
  path: string,
  options: { write: boolean; busyTimeoutMs: number; readers?: number },
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
  return inWorkers(path, busyTimeoutMs, options.readers ?? SQLITE_READERS)
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

/** Readers in worker threads, each given the next statement when it has none in hand. */
function inWorkers(path: string, busyTimeoutMs: number, count: number): Database {
  const url = new URL('./sqlite-reader.worker.mjs', import.meta.url)
  const jobs = new Map<number, Job>()
  let nextId = 0
  let closed = false
  const start = (): { worker: Worker; busy: Set<number> } => {
    const worker = new Worker(url, {
      workerData: { path, busyTimeoutMs },
      // A reader's rows live only until they are posted: a small young generation is enough,
      // and a grown one stays resident (about 27 MB less after a first count of ten million
      // steps, two readers).
      resourceLimits: { maxYoungGenerationSizeMb: 4 },
    })
    const reader = { worker, busy: new Set<number>() }
    worker.on('message', (answer: Answer) => {
      const job = jobs.get(answer.id)
      jobs.delete(answer.id)
      reader.busy.delete(answer.id)
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
      if (!closed && at >= 0) readers[at] = start()
    }
    worker.on('error', (error) => fail(messageOf(error)))
    worker.on('exit', (code) => fail(`exit code ${code}`))
    return reader
  }
  const readers = Array.from({ length: Math.max(1, count) }, start)
  return {
    engine: 'sqlite',
    query: (sql: string, params: readonly SqlValue[] = []) =>
      new Promise<Row[]>((resolve, reject) => {
        if (closed) {
          reject(new DatabaseUnavailableError('The SQLite database is closed.'))
          return
        }
        const id = nextId++
        jobs.set(id, { resolve, reject })
        // The reader with the fewest statements in hand.
        const reader = readers.reduce((a, b) => (b.busy.size < a.busy.size ? b : a))
        reader.busy.add(id)
        reader.worker.postMessage({ id, sql, params })
      }),
    close: async () => {
      closed = true
      await Promise.all(readers.map((r) => r.worker.terminate()))
      for (const job of jobs.values())
        job.reject(new DatabaseUnavailableError('The SQLite database is closed.'))
      jobs.clear()
    },
  }
}
