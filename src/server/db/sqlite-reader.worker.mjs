// @ts-check
/**
 * One SQLite reader in a worker thread: better-sqlite3 answers synchronously, so reads run here,
 * off the API server's thread, which stays free to accept and answer other requests.
 * Messages in: `{ id, sql, params }`; out: `{ id, rows }` or `{ id, error: { message, code } }`.
 *
 * The file can change under the server: a restore puts a new file in its place, and a copy over
 * it empties it first. A connection opened on an empty file keeps reading "no such table" even
 * once the data is back, and one opened on a replaced file keeps reading the old one. So before
 * each statement the reader checks that the path still names the file it opened (and that it
 * is not empty), and after a failure that a damaged or half-copied file gives it opens the file
 * again and tries once more; a file that is missing, empty or still unusable is reported as
 * unavailable (the API's 503), never as a fault of the server. A table that is simply not there
 * (an optional one) is an ordinary error, as before.
 */
import { statSync } from 'node:fs'
import { parentPort, workerData } from 'node:worker_threads'
import BetterSqlite3 from 'better-sqlite3'
import { registerFunctions } from './sqlite-functions.mjs'

const { path, busyTimeoutMs } = /** @type {{ path: string, busyTimeoutMs: number }} */ (workerData)

/** The code with which a file that is missing, empty or not a database is reported. */
const UNAVAILABLE = 'RD_FILE_CHANGED'

/** @returns {{ db: BetterSqlite3.Database, file: string } | null} */
function open() {
  const file = identity()
  if (file === null) return null
  const db = new BetterSqlite3(path, { readonly: true, fileMustExist: true })
  db.pragma(`busy_timeout = ${busyTimeoutMs}`)
  registerFunctions(db)
  return { db, file }
}

/** Which file the path names now (device and inode), or null when there is none or it is empty. */
function identity() {
  const stat = statSync(path, { throwIfNoEntry: false })
  return stat === undefined || stat.size === 0 ? null : `${stat.dev}:${stat.ino}`
}

/** @type {{ db: BetterSqlite3.Database, file: string } | null} */
let current = open()

/** @param {string} sql @param {unknown[]} params */
function run(sql, params) {
  if (current === null || current.file !== identity()) {
    current?.db.close()
    current = null
    current = open()
  }
  if (current === null) {
    throw Object.assign(new Error(`The SQLite file ${path} is missing or empty.`), {
      code: UNAVAILABLE,
    })
  }
  const statement = current.db.prepare(sql)
  return statement.reader ? statement.all(...params) : (statement.run(...params), [])
}

/** Whether a failure can come from the file having changed under the connection. */
function fromTheFile(/** @type {unknown} */ code) {
  return (
    code === UNAVAILABLE ||
    code === 'SQLITE_CORRUPT' ||
    code === 'SQLITE_NOTADB' ||
    code === 'SQLITE_SCHEMA' ||
    (typeof code === 'string' && code.startsWith('SQLITE_IOERR'))
  )
}

parentPort?.on('message', (/** @type {{ id: number, sql: string, params: unknown[] }} */ job) => {
  try {
    let rows
    try {
      rows = run(job.sql, job.params)
    } catch (error) {
      if (!fromTheFile(/** @type {{ code?: unknown }} */ (error ?? {}).code)) throw error
      // Once more on a connection opened now: the file may have been put back since.
      current?.db.close()
      current = null
      rows = run(job.sql, job.params)
    }
    parentPort?.postMessage({ id: job.id, rows })
  } catch (error) {
    const { message, code } = /** @type {{ message?: unknown, code?: unknown }} */ (error ?? {})
    parentPort?.postMessage({
      id: job.id,
      error: { message: String(message ?? error), code: typeof code === 'string' ? code : null },
    })
  }
})
