// @ts-check
/**
 * One SQLite reader in a worker thread: better-sqlite3 answers synchronously, so reads run here,
 * off the API server's thread, which stays free to accept and answer other requests.
 * Messages in: `{ id, sql, params }`; out: `{ id, rows }` or `{ id, error: { message, code } }`.
 */
import { parentPort, workerData } from 'node:worker_threads'
import BetterSqlite3 from 'better-sqlite3'
import { registerFunctions } from './sqlite-functions.mjs'

const { path, busyTimeoutMs } = /** @type {{ path: string, busyTimeoutMs: number }} */ (workerData)
const db = new BetterSqlite3(path, { readonly: true, fileMustExist: true })
db.pragma(`busy_timeout = ${busyTimeoutMs}`)
registerFunctions(db)

parentPort?.on('message', (/** @type {{ id: number, sql: string, params: unknown[] }} */ job) => {
  try {
    const statement = db.prepare(job.sql)
    const rows = statement.reader
      ? statement.all(...job.params)
      : (statement.run(...job.params), [])
    parentPort?.postMessage({ id: job.id, rows })
  } catch (error) {
    const { message, code } = /** @type {{ message?: unknown, code?: unknown }} */ (error ?? {})
    parentPort?.postMessage({
      id: job.id,
      error: { message: String(message ?? error), code: typeof code === 'string' ? code : null },
    })
  }
})
