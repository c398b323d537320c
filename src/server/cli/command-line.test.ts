/**
 * The admin's command lines (`npm run api`, `npm run api:grants`): `--help` helps; a start the
 * machine does not allow — no built dashboard, the port taken, a database without the CMS's
 * tables — prints one sentence naming the option or the fix and exits 1, without the usage text,
 * which is for mistyped options only (exit 2).
 */
import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer, type Server } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import BetterSqlite3 from 'better-sqlite3'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createEmptyTables, type EmptyTables } from '../testing/empty-tables'
import { API_USAGE, EXPORT_USAGE, FLEET_USAGE, GRANTS_USAGE } from './options'

const dir = mkdtempSync(join(tmpdir(), 'rd-cli-'))
let tables: EmptyTables
beforeAll(async () => {
  tables = await createEmptyTables('sqlite')
})
afterAll(async () => {
  await tables?.close()
  rmSync(dir, { recursive: true, force: true })
})

/** Runs `npm run api -- …args` (its sources) and returns how it ended. */
const api = (args: string[]) => command('api', args)

/** Runs the command line `src/server/cli/<name>.ts` with `args` and returns how it ended. */
function command(
  name: 'api' | 'grants' | 'export',
  args: string[],
): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const file = `src/server/cli/${name}.ts`
    const child = spawn(process.execPath, ['--import', 'tsx', file, ...args])
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString()
      // Started after all: stop it, the test fails on the status.
      if (stdout.includes('listening on')) child.kill('SIGTERM')
    })
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
    child.on('close', (status) => resolve({ status, stdout, stderr }))
  })
}

const database = () => tables.url

describe('npm run api', () => {
  it.each(['--help', '-h'])('prints its usage for %s and exits 0', async (flag) => {
    const run = await api([flag])
    expect(run.status).toBe(0)
    expect(run.stdout.trim()).toBe(`${API_USAGE}\n${FLEET_USAGE}`)
    expect(run.stderr).toBe('')
  })

  it('keeps the usage text for a mistyped option (exit 2)', async () => {
    const run = await api(['--database', database(), '--prot', '8787'])
    expect(run.status).toBe(2)
    expect(run.stderr).toContain(API_USAGE)
  })

  it('names --dashboard and npm run build when the folder holds no build', async () => {
    const run = await api([
      '--database',
      database(),
      '--port',
      '0',
      '--dashboard',
      join(dir, 'dist'),
    ])
    expect(run.status).toBe(1)
    expect(run.stderr.trim().split('\n')).toEqual([
      `--dashboard ${join(dir, 'dist')} holds no built dashboard (no index.html): run npm run build first, or leave --dashboard out.`,
    ])
  })

  it('names --port when the port is taken', async () => {
    const taken: Server = createServer()
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve))
    const address = taken.address()
    const port = typeof address === 'object' && address !== null ? address.port : 0
    try {
      const run = await api([
        '--database',
        database(),
        '--port',
        String(port),
        '--state',
        join(dir, 'state'),
      ])
      expect(run.status).toBe(1)
      const lines = run.stderr
        .trim()
        .split('\n')
        .filter((line) => !/summary view/.test(line))
      expect(lines).toEqual([
        `Another program already listens on port ${port} on 127.0.0.1: stop it, or choose another port with --port.`,
      ])
    } finally {
      taken.close()
    }
  })

  it('says the database lacks the CMS tables in one sentence, without the usage', async () => {
    const empty = join(dir, 'empty.db')
    new BetterSqlite3(empty).exec('CREATE TABLE other (x)').close()
    const run = await api(['--database', `sqlite:${empty}`, '--port', '0'])
    expect(run.status).toBe(1)
    const lines = run.stderr.trim().split('\n')
    expect(lines).toHaveLength(1)
    expect(lines[0]).toMatch(
      /^The database sqlite:.*empty\.db cannot be read as the CMS's run tables: no such table/,
    )
  })
})

describe('npm run api:grants', () => {
  it('prints its usage for --help and exits 0', async () => {
    const run = await command('grants', ['--help'])
    expect(run.status).toBe(0)
    expect(run.stdout.trim()).toBe(GRANTS_USAGE)
  })

  it.each([
    [['--database', 'postgres://db.example/cms'], '--user is required.'],
    [['--database', 'postgres://db.example/cms', '--user', 'rd', '--usr', 'x'], "'--usr'"],
    [['--database', 'cms.sqlite', '--user', 'rd'], 'a SQLite file is opened read-only.'],
  ])('says what is wrong with %j and shows the usage (exit 2)', async (args, says) => {
    const run = await command('grants', args)
    expect(run.status).toBe(2)
    expect(run.stderr).toContain(says)
    expect(run.stderr).toContain(GRANTS_USAGE)
  })

  it('prints the grants for a PostgreSQL URL without connecting', async () => {
    const run = await command('grants', ['--database', 'postgres://db.invalid/cms', '--user', 'rd'])
    expect(run.status).toBe(0)
    expect(run.stdout).toContain('GRANT CONNECT, TEMPORARY ON DATABASE cms TO rd;')
  })
})

describe('npm run api:export', () => {
  it.each([
    [['--database', 'x.sqlite', '--installation', 'a'], '--clickhouse is required.'],
    [['--database', 'x.sqlite', '--clickhouse', 'chdb:x'], '--installation is required.'],
    [
      ['--database', 'x.sqlite', '--clickhouse', 'chdb:x', '--installation', '../etc'],
      'is no installation name',
    ],
    [
      ['--database', 'x.sqlite', '--clickhouse', 'chdb:x', '--installation', 'a', '--every', '0'],
      '--every must be',
    ],
  ])('says what is wrong with %j and shows the usage (exit 2)', async (args, says) => {
    const run = await command('export', args)
    expect(run.status).toBe(2)
    expect(run.stderr).toContain(says)
    expect(run.stderr).toContain(EXPORT_USAGE)
  })

  it('says in one sentence that a target is no ClickHouse', async () => {
    const run = await command('export', [
      '--database',
      database(),
      '--clickhouse',
      'clickhouse.example:9000',
      '--installation',
      'a',
      '--once',
    ])
    expect(run.status).toBe(1)
    expect(run.stderr.trim()).toContain('is no ClickHouse target')
  })
})

describe('npm run api -- --clickhouse', () => {
  it('says in one sentence that nothing has been exported there', async () => {
    const empty = join(dir, 'no-fleet')
    const run = await api(['--clickhouse', `chdb:${empty}`, '--port', '0'])
    expect(run.status).toBe(1)
    expect(run.stderr).toContain('holds no exported installations')
    expect(run.stderr).toContain('npm run api:export')
  })
})
