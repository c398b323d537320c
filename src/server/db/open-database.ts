import { limitConnections } from './connection-limit'
import type { Database } from './database'
import { openMysql } from './mysql'
import { openPostgres } from './postgres'
import { openSqlite, SQLITE_READERS } from './sqlite'

export interface OpenOptions {
  /** The seeder writes; the API server never does. */
  write: boolean
  statementTimeoutMs?: number
  /** Connections to PostgreSQL or MariaDB/MySQL, statements in flight at once (8; SQLite: its readers). */
  connections?: number
  /** How long a statement waits for a free connection before the API answers 503 (5,000 ms). */
  connectionWaitMs?: number
}

/** A `--database` URL that is not one of the three forms, said in one sentence. */
export class DatabaseUrlError extends Error {
  override readonly name = 'DatabaseUrlError'
}

/**
 * Opens `sqlite:<path>`, `postgres://user:password@host:port/db` (also `postgresql://`) or
 * `mysql://user:password@host:port/db` (also `mariadb://`, MariaDB and MySQL alike).
 */
export function openDatabase(url: string, options: OpenOptions): Database {
  // SQLite's statements run one per reader thread; more in flight would only queue unseen there.
  const connections =
    url.startsWith('sqlite:') && !options.write ? SQLITE_READERS : (options.connections ?? 8)
  return limitConnections(openEngine(url, options, connections), {
    connections,
    waitMs: options.connectionWaitMs ?? 5000,
  })
}

function openEngine(url: string, options: OpenOptions, connections: number): Database {
  const statementTimeoutMs = options.statementTimeoutMs ?? 20_000
  if (url.startsWith('sqlite:')) {
    const path = url.slice('sqlite:'.length).replace(/^\/\/(?=\/)/, '')
    if (path === '') throw new DatabaseUrlError('sqlite: needs a file path, e.g. sqlite:./runs.db')
    return openSqlite(path, { write: options.write, busyTimeoutMs: statementTimeoutMs })
  }
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch {
    throw new DatabaseUrlError(
      'The database URL must be sqlite:<path>, postgres://user:password@host:port/db or mysql://user:password@host:port/db.',
    )
  }
  if (parsed.protocol === 'postgres:' || parsed.protocol === 'postgresql:') {
    return openPostgres(url, { write: options.write, statementTimeoutMs, connections })
  }
  if (parsed.protocol === 'mysql:' || parsed.protocol === 'mariadb:') {
    const mysqlUrl = parsed.protocol === 'mariadb:' ? `mysql:${url.slice('mariadb:'.length)}` : url
    return openMysql(mysqlUrl, { write: options.write, statementTimeoutMs, connections })
  }
  throw new DatabaseUrlError(
    `Unknown database kind "${parsed.protocol.replace(/:$/, '')}": use sqlite:, postgres:// or mysql://.`,
  )
}

/** The URL with its password replaced, for messages and logs. */
export function redactUrl(url: string): string {
  return url.replace(/^([a-z]+:\/\/[^:/@]*:)[^@]*@/i, '$1***@')
}
