import BetterSqlite3 from 'better-sqlite3'
import { DatabaseUnavailableError, type Database, type Row, type SqlValue } from './database'

/**
 * SQLite through better-sqlite3. The API opens the file read-only (a long read in rollback-journal
 * mode would otherwise block the CMS's writers); the seeder opens it for writing.
 */
export function openSqlite(
  path: string,
  options: { write: boolean; busyTimeoutMs: number },
): Database {
  let db: BetterSqlite3.Database
  try {
    db = new BetterSqlite3(path, { readonly: !options.write, fileMustExist: !options.write })
  } catch (error) {
    throw new DatabaseUnavailableError(`SQLite database ${path} cannot be opened: ${reason(error)}`)
  }
  // A writer holding the file longer than this makes the read answer 503, not wait on.
  db.pragma(`busy_timeout = ${Math.min(options.busyTimeoutMs, 5000)}`)
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
        if (code === 'SQLITE_BUSY' || code === 'SQLITE_LOCKED') {
          return Promise.reject(new DatabaseUnavailableError(`SQLite is busy: ${reason(error)}`))
        }
        return Promise.reject(error)
      }
    },
    close: () => {
      db.close()
      return Promise.resolve()
    },
  }
}

function reason(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}
