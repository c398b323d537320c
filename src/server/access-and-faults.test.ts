/**
 * Who may read, and what the server says when it cannot answer: bearer tokens checked before any
 * query runs, no listening off loopback without them, 503 with Retry-After when the database is
 * lost, locked past the statement timeout or busy, clear one-sentence errors for a bad start.
 */
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import BetterSqlite3 from 'better-sqlite3'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createInstallation } from '../mocks/installation'
import { isLoopback, listensOnLoopbackOnly, parseApiOptions, UsageError } from './cli/options'
import { startApi } from './cli/start-api'
import { openDatabase } from './db/open-database'
import { createApiHandler } from './http/api-handler'
import { listen } from './http/listen'
import { loadCatalogue, loadSettings } from './setup/settings'
import { RUNS } from './sql/tables'
import { createTestDatabase, testEngines } from './testing/engines'
import { recordingDatabase } from './testing/recording-database'
import { serveSeeded, type SeededServer } from './testing/serve-seeded'
import { SummaryView } from './view/summary-view'

const TOKEN = 'a-test-token-that-is-long-enough-0123456789'
const installation = createInstallation({ scale: 0.2 })
const engines = await testEngines()
const dir = mkdtempSync(join(tmpdir(), 'rd-files-'))
const file = (name: string, text: string): string => {
  const path = join(dir, name)
  writeFileSync(path, text)
  return path
}

describe('bearer tokens', () => {
  let served: SeededServer
  beforeAll(async () => {
    served = await serveSeeded('sqlite', installation, { tokens: [TOKEN] })
  }, 60_000)
  afterAll(async () => served?.stop())

  it('answers a valid token and refuses a missing or wrong one with the contract body', async () => {
    const ok = await fetch(`${served.base}/meta`, { headers: { Authorization: `Bearer ${TOKEN}` } })
    expect(ok.status).toBe(200)
    const wrong: Record<string, string>[] = [
      {},
      { Authorization: `Bearer ${TOKEN}x` },
      { Authorization: `Basic ${TOKEN}` },
    ]
    for (const headers of wrong) {
      const refused = await fetch(`${served.base}/runs`, { headers })
      expect(refused.status).toBe(401)
      expect(await refused.json()).toEqual({ error: 'unauthorized', message: expect.any(String) })
    }
  })

  it('runs no query for a request without a valid token', async () => {
    const db = recordingDatabase(openDatabase(served.databaseUrl, { write: false }))
    const handle = createApiHandler({
      db,
      settings: await loadSettings(undefined),
      builtinTools: [],
      tokens: [Buffer.alloc(32)],
      log: () => undefined,
      summaries: new SummaryView(db),
    })
    const listening = await listen({ handle, host: '127.0.0.1', port: 0 })
    const answer = await fetch(`${listening.url}/api/diagnostics/v1/summary?from=x`, {
      headers: { Authorization: 'Bearer nope' },
    })
    expect(answer.status).toBe(401)
    expect(db.statements).toEqual([])
    await listening.close()
    await db.close()
  })

  it('refuses to listen off loopback without tokens', async () => {
    expect(isLoopback('127.0.0.1')).toBe(true)
    expect(isLoopback('::1')).toBe(true)
    expect(isLoopback('0.0.0.0')).toBe(false)
    expect(isLoopback('localhost'), 'a name is judged by what it resolves to').toBe(false)
    expect(await listensOnLoopbackOnly('localhost')).toBe(true)
    expect(await listensOnLoopbackOnly('::1')).toBe(true)
    expect(await listensOnLoopbackOnly('0.0.0.0')).toBe(false)
    expect(await listensOnLoopbackOnly('no-such-host.invalid')).toBe(false)
    expect(parseApiOptions(['--database', 'sqlite:x', '--host', '[::1]']).host).toBe('::1')
    await expect(
      startApi(
        { ...parseApiOptions(['--database', served.databaseUrl, '--host', '0.0.0.0']) },
        () => undefined,
      ),
    ).rejects.toThrow(/without --tokens/)
  })
})

describe('a start that cannot work says why in one sentence', () => {
  it('for the command line', () => {
    expect(() => parseApiOptions([])).toThrow(UsageError)
    expect(() => parseApiOptions(['--database', 'x', '--port', '70000'])).toThrow(/--port must be/)
    expect(() => parseApiOptions(['--database', 'x', '--colour'])).toThrow(UsageError)
  })

  it('for settings and catalogue files', async () => {
    await expect(loadSettings(join(dir, 'missing.json'))).rejects.toThrow(/does not exist/)
    await expect(loadSettings(file('bad.json', '{'))).rejects.toThrow(/not valid JSON/)
    await expect(loadSettings(file('typo.json', '{"retentionDay": 3}'))).rejects.toThrow(/invalid/)
    await expect(loadCatalogue(file('tools.json', '{"tools":[{"name":"x"}]}'))).rejects.toThrow(
      /Tool shape/,
    )
    const ok = await loadSettings(file('ok.json', '{"installation":"Site","retentionDays":30}'))
    expect(ok).toEqual({
      installation: 'Site',
      privacyLevel: 'metadata',
      retentionDays: 30,
      argumentCheckSince: null,
    })
  })

  it('for a database that is not there or not the CMS', async () => {
    const options = (database: string) => parseApiOptions(['--database', database, '--port', '0'])
    await expect(
      startApi(options(`sqlite:${join(dir, 'none.db')}`), () => undefined),
    ).rejects.toThrow(/cannot be opened/)
    new BetterSqlite3(join(dir, 'empty.db')).close()
    await expect(
      startApi(options(`sqlite:${join(dir, 'empty.db')}`), () => undefined),
    ).rejects.toThrow(/cannot be read as the CMS's run tables/)
    await expect(
      startApi(options('postgres://nobody@127.0.0.1:1/none'), () => undefined),
    ).rejects.toThrow(/cannot be read as the CMS's run tables/)
    expect(() => options('oracle://x')).not.toThrow()
    await expect(startApi(options('oracle://x'), () => undefined)).rejects.toThrow(
      /Unknown database kind/,
    )
  })
})

describe('faults while answering', () => {
  it('answers 503 with Retry-After while a SQLite writer holds the file, then answers again', async () => {
    const served = await serveSeeded('sqlite', installation, { statementTimeoutMs: 300 })
    const path = served.databaseUrl.slice('sqlite:'.length)
    const writer = new BetterSqlite3(path)
    writer.exec('BEGIN EXCLUSIVE')
    const busy = await fetch(`${served.base}/runs?limit=1`)
    expect(busy.status).toBe(503)
    expect(busy.headers.get('retry-after')).toBe('5')
    expect(await busy.json()).toEqual({ error: 'unavailable', message: expect.any(String) })
    writer.exec('COMMIT')
    writer.close()
    expect((await fetch(`${served.base}/runs?limit=1`)).status).toBe(200)
    await served.stop()
  })

  it.runIf(engines.includes('postgres'))(
    'answers 503 on PostgreSQL for a lock held past the statement timeout and for lost connections',
    async () => {
      const served = await serveSeeded('postgres', installation, { statementTimeoutMs: 300 })
      const locker = new pg.Client({ connectionString: served.databaseUrl })
      await locker.connect()
      await locker.query(`BEGIN; LOCK TABLE ${RUNS} IN ACCESS EXCLUSIVE MODE`)
      const slow = await fetch(`${served.base}/runs?limit=1`)
      expect(slow.status).toBe(503)
      expect(slow.headers.get('retry-after')).toBe('5')
      await locker.query('ROLLBACK')
      expect((await fetch(`${served.base}/runs?limit=1`)).status).toBe(200)
      // Every connection of the server is ended, as a database restart would.
      const name = new URL(served.databaseUrl).pathname.slice(1)
      await locker.query(
        'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
        [name],
      )
      const lost = await fetch(`${served.base}/meta`)
      expect([200, 503]).toContain(lost.status)
      expect((await fetch(`${served.base}/meta`)).status).toBe(200)
      await locker.end()
      await served.stop()
    },
  )

  it('never shows SQL text or a stack trace in an answer', async () => {
    const database = await createTestDatabase('sqlite')
    const writer = openDatabase(database.url, { write: true })
    await writer.query(`CREATE TABLE ${RUNS} (uid INTEGER)`)
    await writer.query('CREATE TABLE tx_nrllm_agentrun_event (uid INTEGER)')
    await writer.close()
    const logged: string[] = []
    const api = await startApi(
      parseApiOptions(['--database', database.url, '--port', '0']),
      (line) => logged.push(line),
    )
    const answer = await fetch(`${api.url}/api/diagnostics/v1/runs`)
    expect(answer.status).toBe(500)
    const body = (await answer.json()) as { error: string; message: string }
    expect(body.error).toBe('internal')
    expect(body.message).not.toMatch(/SELECT|no such column|at \w+ \(/)
    expect(logged.join('\n')).toMatch(/no such column/)
    await api.close()
    await database.drop()
  })
})

describe('the state folder', () => {
  let served: SeededServer
  beforeAll(async () => {
    served = await serveSeeded('sqlite', installation)
  }, 60_000)
  afterAll(async () => served?.stop())

  const start = async (state: string) => {
    const log: string[] = []
    const args = ['--database', served.databaseUrl, '--port', '0', '--state', state]
    const api = await startApi(parseApiOptions(args), (line) => log.push(line))
    return { api, log }
  }
  const year = `/api/diagnostics/v1/summary?from=2025-11-01T00:00:00Z&to=2026-12-01T00:00:00Z&tz=UTC`

  it('keeps the view between starts, so the first answer after a restart is no 503', async () => {
    const state = join(dir, 'state')
    const first = await start(state)
    await first.api.summaries.ready()
    const counted = await (await fetch(`${first.api.url}${year}`)).json()
    await first.api.close()
    const second = await start(state)
    try {
      expect(second.log.find((line) => line.startsWith('summary view: read '))).toBeDefined()
      const answer = await fetch(`${second.api.url}${year}`)
      expect(answer.status).toBe(200)
      expect(await answer.json()).toEqual(counted)
    } finally {
      await second.api.close()
    }
  })

  it('serves from memory, and says so, when the folder cannot be made', async () => {
    const { api, log } = await start(join(file('not-a-folder', ''), 'state'))
    try {
      expect(log[0]).toMatch(/cannot use the state folder .* kept in memory only/)
      expect((await fetch(`${api.url}/api/diagnostics/v1/meta`)).status).toBe(200)
    } finally {
      await api.close()
    }
  })
})
