import { DatabaseUnavailableError, type Database } from './database'

/** Every connection stayed in use longer than the server waits for one: the API answers 503. */
export class DatabaseBusyError extends DatabaseUnavailableError {}

export interface ConnectionLimit {
  /** Statements in flight at once: the size of the driver's pool. */
  connections: number
  /** How long a statement waits for a free connection before it is refused (ms). */
  waitMs: number
}

/**
 * `db` with at most `connections` statements in flight; the others wait in arrival order, each
 * at most `waitMs`, then fail with {@link DatabaseBusyError}. The drivers' own pools wait without
 * bound (mysql2) or report a full pool as an unreachable server (pg); this one rule holds for
 * every engine, so a burst of slow requests is refused quickly and the server recovers as soon
 * as a statement ends.
 */
export function limitConnections(db: Database, limit: ConnectionLimit): Database {
  let inFlight = 0
  const waiting: { start: () => void; timer: NodeJS.Timeout }[] = []
  const release = (): void => {
    const next = waiting.shift()
    if (next === undefined) {
      inFlight -= 1
      return
    }
    clearTimeout(next.timer)
    next.start()
  }
  const acquire = (): Promise<void> => {
    if (inFlight < limit.connections) {
      inFlight += 1
      return Promise.resolve()
    }
    return new Promise<void>((resolve, reject) => {
      const entry = {
        start: resolve,
        timer: setTimeout(() => {
          waiting.splice(waiting.indexOf(entry), 1)
          reject(
            new DatabaseBusyError(
              `All ${limit.connections} database connections stayed busy for ${limit.waitMs} ms.`,
            ),
          )
        }, limit.waitMs),
      }
      waiting.push(entry)
    })
  }
  return {
    engine: db.engine,
    query: async (sql, params) => {
      await acquire()
      try {
        return await db.query(sql, params)
      } finally {
        release()
      }
    },
    close: () => db.close(),
  }
}
