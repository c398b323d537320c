import type mysql from 'mysql2/promise'
import { DatabaseUnavailableError, type Database, type Row, type SqlValue } from './database'
import { messageOf } from '@/domain/message-of'

/**
 * MariaDB and MySQL through a mysql2 pool. `write: false` makes every session read-only; reads
 * longer than the statement timeout are ended by the server (MariaDB's max_statement_time).
 */
export function openMysql(
  url: string,
  options: { write: boolean; statementTimeoutMs: number; connections: number },
): Database {
  // The driver is imported on first use: a server on another engine never loads it (decision 0023).
  const pool = import('mysql2/promise').then(({ default: driver }) =>
    driver.createPool({
      uri: url,
      connectionLimit: options.connections,
      connectTimeout: 5000,
      charset: 'utf8mb4',
      supportBigNumbers: true,
      bigNumberStrings: true,
      dateStrings: true,
      multipleStatements: false,
    }),
  )
  // Marked as handled: a failed import is reported by the first query that awaits it.
  pool.catch(() => undefined)
  const seconds = Math.max(1, Math.round(options.statementTimeoutMs / 1000))
  let prepared = new WeakSet<object>()
  const prepare = async (connection: mysql.PoolConnection): Promise<void> => {
    if (prepared.has(connection)) return
    await connection.query(`SET SESSION time_zone = '+00:00'`)
    if (!options.write) await connection.query('SET SESSION TRANSACTION READ ONLY')
    // MariaDB ends a longer statement (max_statement_time, seconds); MySQL names it otherwise.
    await connection.query(`SET SESSION max_statement_time = ${seconds}`).catch(() => undefined)
    prepared.add(connection)
  }
  return {
    engine: 'mysql',
    query: async (sql: string, params: readonly SqlValue[] = []) => {
      let connection: mysql.PoolConnection
      try {
        connection = await (await pool).getConnection()
      } catch (error) {
        throw new DatabaseUnavailableError(
          `MariaDB/MySQL did not accept a connection: ${messageOf(error)}`,
        )
      }
      let broken = false
      try {
        await prepare(connection)
        const [rows] = await connection.query(sql, [...params])
        return Array.isArray(rows) ? (rows as Row[]) : []
      } catch (error) {
        broken = isUnavailable(error)
        if (broken) {
          throw new DatabaseUnavailableError(`MariaDB/MySQL did not answer: ${messageOf(error)}`)
        }
        throw error
      } finally {
        if (broken) connection.destroy()
        else connection.release()
      }
    },
    close: async () => {
      prepared = new WeakSet()
      await (await pool).end()
    },
  }
}

function isUnavailable(error: unknown): boolean {
  const e = error as { code?: unknown; errno?: unknown; fatal?: unknown } | null
  if (e?.fatal === true) return true
  // 1969: query interrupted by max_statement_time; 3024: by max_execution_time.
  if (e?.errno === 1969 || e?.errno === 3024) return true
  return typeof e?.code === 'string' && /^(ECONN|ETIMEDOUT|PROTOCOL_|ER_CON_COUNT)/.test(e.code)
}
