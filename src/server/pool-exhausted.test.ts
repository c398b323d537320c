/**
 * The connection pool exhausted: while every connection is held by a statement that waits on a
 * lock, a further request waits at most `--connection-wait`, then is answered 503 with
 * Retry-After and one sentence; when the lock goes, the held requests finish and new ones are
 * answered again. Bulk reads never take the last connection. SQLite reads in its reader threads:
 * there a burst of concurrent requests is answered in full.
 */
import mysql from 'mysql2/promise'
import pg from 'pg'
import { describe, expect, it } from 'vitest'
import { createInstallation } from '../mocks/installation'
import { DatabaseBusyError, limitConnections } from './db/connection-limit'
import type { Database, Engine } from './db/database'
import { RUNS } from './sql/tables'
import { testEngines } from './testing/engines'
import { serveSeeded, type SeededServer } from './testing/serve-seeded'

const engines = await testEngines()
const installation = createInstallation({ scale: 0.2 })
const BUSY = {
  error: 'unavailable',
  message: 'Every database connection of the server is busy; try again shortly.',
}

/** Holds a lock on the runs table from outside the server, as a long CMS transaction would. */
async function lockRuns(
  engine: Exclude<Engine, 'sqlite'>,
  url: string,
): Promise<() => Promise<void>> {
  if (engine === 'postgres') {
    const client = new pg.Client({ connectionString: url })
    await client.connect()
    await client.query(`BEGIN; LOCK TABLE ${RUNS} IN ACCESS EXCLUSIVE MODE`)
    return async () => {
      await client.query('ROLLBACK')
      await client.end()
    }
  }
  const connection = await mysql.createConnection({ uri: url })
  await connection.query(`LOCK TABLES ${RUNS} WRITE`)
  return async () => {
    await connection.query('UNLOCK TABLES')
    await connection.end()
  }
}

const ask = async (served: SeededServer, path: string) => {
  const response = await fetch(`${served.base}${path}`)
  return {
    status: response.status,
    retryAfter: response.headers.get('retry-after'),
    body: (await response.json()) as unknown,
  }
}

describe.each(engines.filter((engine) => engine !== 'sqlite'))(
  'the connection pool exhausted on %s',
  (engine) => {
    it('answers 503 with Retry-After while every connection is held, then recovers', async () => {
      const served = await serveSeeded(engine as Exclude<Engine, 'sqlite'>, installation, {
        connections: 2,
        connectionWaitMs: 300,
        statementTimeoutMs: 60_000,
      })
      try {
        // The summary view's first build is done: nothing else holds a connection.
        await served.api.summaries.ready()
        const release = await lockRuns(engine as Exclude<Engine, 'sqlite'>, served.databaseUrl)
        // One /runs page asks for its page and its count at once: both connections, held.
        const held = ask(served, '/runs?limit=1')
        // /tools reads only the catalogue's tables, which are not locked: it is refused only
        // once both connections wait on the lock.
        for (let i = 0; i < 50 && (await ask(served, '/tools')).status === 200; i += 1) {
          await new Promise((resolve) => setTimeout(resolve, 100))
        }
        const refused = await Promise.all(
          ['/runs?limit=1', '/tools', '/runs?limit=2'].map((path) => ask(served, path)),
        )
        for (const answer of refused) {
          expect(answer).toEqual({ status: 503, retryAfter: '5', body: BUSY })
        }
        expect(served.log.join('\n')).toMatch(/All 2 database connections stayed busy for 300 ms/)
        await release()
        expect((await held).status).toBe(200)
        const again = await Promise.all(
          ['/runs?limit=1', '/meta', '/tools'].map((path) => ask(served, path)),
        )
        expect(again.map((answer) => answer.status)).toEqual([200, 200, 200])
      } finally {
        await served.stop()
      }
    })
  },
)

describe.runIf(engines.includes('sqlite'))('a burst of requests on sqlite', () => {
  it('answers every one of 60 concurrent requests through one connection slot', async () => {
    const served = await serveSeeded('sqlite', installation, { connections: 1 })
    try {
      const paths = [
        '/meta',
        '/tools',
        '/runs?limit=20',
        '/summary?from=2026-09-01T00:00:00Z&to=2026-11-29T00:00:00Z&tz=UTC',
      ]
      const answers = await Promise.all(
        Array.from({ length: 60 }, (_, i) => ask(served, paths[i % paths.length] ?? '/meta')),
      )
      expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 200))
    } finally {
      await served.stop()
    }
  })
})

describe('the connection limit itself', () => {
  /** A database whose statements end only when the test lets them. */
  function gated(): Database & { open(): void; started: number } {
    let open: () => void = () => undefined
    const gate = new Promise<void>((resolve) => (open = resolve))
    const db = {
      engine: 'postgres' as const,
      started: 0,
      open: () => open(),
      query: async () => {
        db.started += 1
        await gate
        return [{ one: 1 }]
      },
      close: () => Promise.resolve(),
    }
    return db
  }

  it('refuses a statement that waited too long, serves the waiting in order, and recovers', async () => {
    const db = gated()
    const limited = limitConnections(db, { connections: 2, waitMs: 200 })
    const first = [limited.query('a'), limited.query('b')]
    const late = limited.query('c')
    await expect(late).rejects.toBeInstanceOf(DatabaseBusyError)
    expect(db.started).toBe(2)
    const queued = limited.query('d')
    db.open()
    await Promise.all(first)
    await expect(queued).resolves.toEqual([{ one: 1 }])
    expect(db.started).toBe(3)
    await expect(limited.query('e')).resolves.toEqual([{ one: 1 }])
  })

  it('keeps the last connection for quick statements while bulk reads wait', async () => {
    const db = gated()
    const limited = limitConnections(db, { connections: 3, waitMs: 200 })
    const bulk = [1, 2, 3].map(() => limited.query('steps', [], { bulk: true }))
    // Two bulk reads run; the third waits, though a connection is free…
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(db.started).toBe(2)
    // …for a quick statement, which starts at once.
    const quick = limited.query('meta')
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(db.started).toBe(3)
    await expect(bulk[2]).rejects.toBeInstanceOf(DatabaseBusyError)
    db.open()
    await Promise.all([quick, bulk[0], bulk[1]])
    expect(db.started).toBe(3)
  })

  it('lets a bulk read use a single connection', async () => {
    const db = gated()
    const limited = limitConnections(db, { connections: 1, waitMs: 200 })
    const bulk = limited.query('steps', [], { bulk: true })
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(db.started).toBe(1)
    await expect(limited.query('meta')).rejects.toBeInstanceOf(DatabaseBusyError)
    db.open()
    await expect(bulk).resolves.toEqual([{ one: 1 }])
  })
})
