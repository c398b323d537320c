/**
 * The README's read-only user, on each database server: a user holding only what
 * `npm run api:grants` prints (the command itself is run) answers every question as the owner does — `/summary` from the
 * server's cache once it is built, the log without a refused read — and cannot read the columns
 * the server never selects nor write anything.
 */
import { execFileSync } from 'node:child_process'
import mysql from 'mysql2/promise'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { toolsResponseSchema } from '@/domain/contract'
import { createInstallation } from '../mocks/installation'
import { grantStatements } from './setup/grants'
import { allPages, askServer } from './testing/ask'
import { ENGINE_URLS, testEngines } from './testing/engines'
import { serveSeeded, type SeededServer } from './testing/serve-seeded'

const installation = createInstallation({ scale: 0.2 })
const engines = (await testEngines()).filter((engine) => engine !== 'sqlite')
const reader = `rd_reader_${process.pid}`

const QUESTIONS = [
  '/meta',
  '/tools',
  '/runs?limit=50',
  '/runs?tool=update_page_metadata&from=2026-10-01T00:00:00Z',
  '/summary?from=2026-09-01T00:00:00Z&to=2026-12-01T00:00:00Z&tz=Asia/Kolkata',
  '/run-list?from=2026-09-01T00:00:00Z&to=2026-12-01T00:00:00Z&sort=rounds&outcome=refused',
  '/run-list?from=2026-11-01T00:00:00Z&to=2026-12-01T00:00:00Z&format=csv&tz=Asia/Kolkata',
  '/effect?from=2026-10-18T09:12:33.123Z&decision=2026-11-01T09:12:33.123Z&to=2026-11-15T09:12:33.123Z',
]

/** Runs statements as the server's administrator (the tests' default user). */
async function asAdmin(engine: 'postgres' | 'mysql', url: string, statements: string[]) {
  if (engine === 'postgres') {
    const client = new pg.Client({ connectionString: url })
    await client.connect()
    try {
      for (const statement of statements) await client.query(statement)
    } finally {
      await client.end()
    }
    return
  }
  const connection = await mysql.createConnection({ uri: url })
  try {
    for (const statement of statements) await connection.query(statement)
  } finally {
    await connection.end()
  }
}

/** What the user may do, asked directly: the error message, or null when it worked. */
async function tryAs(engine: 'postgres' | 'mysql', url: string, statement: string) {
  try {
    await asAdmin(engine, url, [statement])
    return null
  } catch (error) {
    return error instanceof Error ? error.message : String(error)
  }
}

describe.each(engines)('a read-only user on %s', (engine) => {
  const kind = engine as 'postgres' | 'mysql'
  let owner: SeededServer
  let limited: SeededServer
  let readerUrl = ''
  let adminUrl = ''

  beforeAll(async () => {
    await asAdmin(kind, ENGINE_URLS[kind], [
      kind === 'postgres' ? `DROP ROLE IF EXISTS ${reader}` : `DROP USER IF EXISTS '${reader}'@'%'`,
      kind === 'postgres' ? `CREATE ROLE ${reader} LOGIN` : `CREATE USER '${reader}'@'%'`,
    ])
    owner = await serveSeeded(engine, installation)
    limited = await serveSeeded(engine, installation, {
      readAs: async (databaseUrl) => {
        adminUrl = databaseUrl
        const url = new URL(databaseUrl)
        const name = url.pathname.slice(1)
        if (kind === 'postgres')
          await asAdmin(kind, ENGINE_URLS.postgres, [`REVOKE ALL ON DATABASE ${name} FROM PUBLIC`])
        // What an administrator runs: the command's own output, line by line.
        const printed = execFileSync(
          process.execPath,
          [
            '--import',
            'tsx',
            'src/server/cli/grants.ts',
            '--database',
            databaseUrl,
            '--user',
            reader,
          ],
          { encoding: 'utf8' },
        )
        const statements = printed.split('\n').filter((line) => line.trim() !== '')
        expect(statements).toEqual(grantStatements(kind, reader, name))
        await asAdmin(kind, databaseUrl, statements)
        url.username = reader
        url.password = ''
        readerUrl = url.toString()
        return readerUrl
      },
    })
  }, 300_000)

  afterAll(async () => {
    await owner?.stop()
    await limited?.stop()
    await asAdmin(kind, ENGINE_URLS[kind], [
      kind === 'postgres' ? `DROP ROLE IF EXISTS ${reader}` : `DROP USER IF EXISTS '${reader}'@'%'`,
    ])
  })

  it('builds its summary view and answers /summary from it, with no read refused', async () => {
    const question = QUESTIONS.at(-1) ?? ''
    const status = async () => (await fetch(`${limited.base}${question}`)).status
    // The view is built at start; until it is, /summary answers 503 (counting).
    await expect.poll(status, { timeout: 60_000, interval: 200 }).toBe(200)
    const [mine, theirs] = await Promise.all([
      askServer(limited.base)(question),
      askServer(owner.base)(question),
    ])
    expect(mine).toEqual(theirs)
    expect(limited.log.filter((line) => /denied|permission|command/i.test(line))).toEqual([])
    expect(limited.log.some((line) => /^summary view: \d+ groups/.test(line))).toBe(true)
  })

  it.each(QUESTIONS)('answers %s as the owner does', async (question) => {
    const [mine, theirs] = await Promise.all([
      allPages(askServer(limited.base), question, 5),
      allPages(askServer(owner.base), question, 5),
    ])
    expect(mine[0]?.status).toBe(200)
    expect(mine).toEqual(theirs)
    expect(limited.log.filter((line) => /denied|permission|command/i.test(line))).toEqual([])
  })

  it('cannot read what the server never selects, nor write', async () => {
    for (const column of ['suspended_state', 'queued_request', 'be_user']) {
      expect(await tryAs(kind, readerUrl, `SELECT ${column} FROM tx_nrllm_agentrun`)).toMatch(
        /denied/i,
      )
    }
    for (const column of ['url', 'auth_credential']) {
      expect(await tryAs(kind, readerUrl, `SELECT ${column} FROM tx_nrllm_mcp_server`)).toMatch(
        /denied/i,
      )
    }
    expect(
      await tryAs(kind, readerUrl, `UPDATE tx_nrllm_agentrun SET status = 'x' WHERE uid = 1`),
    ).toMatch(/denied/i)
    expect(await tryAs(kind, readerUrl, `DELETE FROM tx_nrllm_agentrun_event`)).toMatch(/denied/i)
  })

  // Last: it takes a grant away from the user the other tests read as.
  it("answers /tools without the servers' hints for a user granted before they were read", async () => {
    const table =
      kind === 'postgres'
        ? 'tx_nrllm_mcp_tool'
        : `${new URL(adminUrl).pathname.slice(1)}.tx_nrllm_mcp_tool`
    const who = kind === 'postgres' ? reader : `'${reader}'@'%'`
    await asAdmin(kind, adminUrl, [`REVOKE SELECT (remote_annotations) ON ${table} FROM ${who}`])
    const [mine, theirs] = await Promise.all([
      askServer(limited.base)('/tools'),
      askServer(owner.base)('/tools'),
    ])
    expect(mine.status).toBe(200)
    const withoutHints = toolsResponseSchema
      .parse(theirs.body)
      .tools.map(({ remoteHints: _hints, ...tool }) => tool)
    expect(withoutHints.length).toBeGreaterThan(0)
    expect(toolsResponseSchema.parse(mine.body).tools).toEqual(withoutHints)
    expect(JSON.stringify(theirs.body)).toContain('remoteHints')
    expect(limited.log.filter((line) => /denied|permission|command/i.test(line))).toEqual([
      expect.stringMatching(
        /^left out of \/tools: every MCP tool's "remoteHints": remote_annotations cannot be read/,
      ),
    ])
  })
})

it('names only plain users and databases in the statements it prints', () => {
  expect(grantStatements('postgres', 'rd_reader', 'cms')).toContain(
    'GRANT SELECT (uid, identifier, requires_approval, enabled, deleted, data_class) ON tx_nrllm_mcp_server TO rd_reader;',
  )
  for (const hostile of ["x'; DROP TABLE tx_nrllm_agentrun; --", 'a b', '', 'ü', '1abc']) {
    expect(() => grantStatements('mysql', hostile, 'cms')).toThrow(/letters, digits and _/)
    expect(() => grantStatements('postgres', 'rd_reader', hostile)).toThrow(/letters, digits/)
  }
})
