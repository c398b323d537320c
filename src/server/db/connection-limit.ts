import { DatabaseUnavailableError, type Database, type QueryOptions } from './database'

/** Every connection stayed in use longer than the server waits for one: the API answers 503. */
export class DatabaseBusyError extends DatabaseUnavailableError {}

export interface ConnectionLimit {
  /** Statements in flight at once: the size of the driver's pool. */
  connections: number
  /** How long a statement waits for a free connection before it is refused (ms). */
  waitMs: number
}

interface Waiting {
  bulk: boolean
  start: () => void
  timer: NodeJS.Timeout
}

/**
 * `db` with at most `connections` statements in flight; the others wait in arrival order, each
 * at most `waitMs`, then fail with {@link DatabaseBusyError}. Bulk reads (`{ bulk: true }`) hold
 * at most all but one connection, so a page's quick first questions never wait behind the steps
 * of big runs or the summary view's reads (with one connection, that one serves both). The
 * drivers' own pools wait without bound (mysql2) or report a full pool as an unreachable server
 * (pg); this one rule holds for every engine, so a burst of slow requests is refused quickly and
 * the server recovers as soon as a statement ends.
 */
export function limitConnections(db: Database, limit: ConnectionLimit): Database {
  const bulkLimit = Math.max(1, limit.connections - 1)
  let inFlight = 0
  let bulkInFlight = 0
  const waiting: Waiting[] = []
  const canStart = (bulk: boolean) =>
    inFlight < limit.connections && (!bulk || bulkInFlight < bulkLimit)
  const begin = (bulk: boolean) => {
    inFlight += 1
    if (bulk) bulkInFlight += 1
  }
  const release = (bulk: boolean): void => {
    inFlight -= 1
    if (bulk) bulkInFlight -= 1
    // The first waiting statement that may start now: a quick one may pass waiting bulk reads.
    const next = waiting.findIndex((entry) => canStart(entry.bulk))
    if (next < 0) return
    const [entry] = waiting.splice(next, 1)
    if (entry === undefined) return
    clearTimeout(entry.timer)
    begin(entry.bulk)
    entry.start()
  }
  const acquire = (bulk: boolean): Promise<void> => {
    // A statement waits only when it cannot start: a quick one never queues behind bulk reads
    // that wait for a bulk connection.
    if (canStart(bulk)) {
      begin(bulk)
      return Promise.resolve()
    }
    return new Promise<void>((resolve, reject) => {
      const entry: Waiting = {
        bulk,
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
    query: async (sql, params, options?: QueryOptions) => {
      const bulk = options?.bulk === true
      await acquire(bulk)
      try {
        return await db.query(sql, params, options)
      } finally {
        release(bulk)
      }
    },
    close: () => db.close(),
  }
}
