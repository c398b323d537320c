/**
 * The server as production runs it: the systemd unit's own command line (docs/deploy), on the
 * build (`npm run build:server` → `dist-server/`), with no development dependency — every
 * package the build imports is a runtime dependency, so `npm ci --omit=dev` is enough.
 */
import { spawn } from 'node:child_process'
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createInstallation } from '@/mocks/installation'
import { openDatabase } from '@/server/db/open-database'
import { builtinCatalogueFile } from '@/server/seed/catalogue-rows'
import { seedInstallation } from '@/server/seed/seed-installation'
import { settingsOf } from '@/server/testing/serve-seeded'
import { unitCommand } from '../deploy-unit'

const TOKEN = 'a-token-for-the-built-server-test-0123456789'

/** Bare package names a built file imports (`pg`, `mysql2/promise` → `mysql2`, `@x/y`). */
function packagesImported(file: string): string[] {
  const text = readFileSync(file, 'utf8')
  const names = [...text.matchAll(/\bfrom\s+"([^".][^"]*)"|\bimport\("([^".][^"]*)"\)/g)]
    .map((match) => match[1] ?? match[2] ?? '')
    .filter((name) => !name.startsWith('node:'))
    .map((name) =>
      name
        .split('/')
        .slice(0, name.startsWith('@') ? 2 : 1)
        .join('/'),
    )
  return [...new Set(names)].sort()
}

describe('the built server', () => {
  let dir: string
  let database: string
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'rd-built-'))
    database = `sqlite:${join(dir, 'cms.db')}`
    const installation = createInstallation({ scale: 0.2 })
    const db = openDatabase(database, { write: true })
    await seedInstallation(db, installation)
    await db.close()
    writeFileSync(join(dir, 'tools.json'), JSON.stringify(builtinCatalogueFile(installation)))
    writeFileSync(join(dir, 'settings.json'), JSON.stringify(settingsOf(installation)))
    writeFileSync(join(dir, 'tokens'), `# test\n${TOKEN}\n`)
  }, 120_000)
  afterAll(() => rmSync(dir, { recursive: true, force: true }))

  it('imports only runtime dependencies', () => {
    const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as {
      dependencies: Record<string, string>
    }
    const built = readdirSync('dist-server').filter((name) => name.endsWith('.mjs'))
    expect(built).toEqual(
      expect.arrayContaining(['api.mjs', 'sqlite-reader.worker.mjs', 'first-count.child.mjs']),
    )
    for (const file of built) {
      const missing = packagesImported(join('dist-server', file)).filter(
        (name) => !(name in pkg.dependencies),
      )
      expect(missing, `${file} imports no development package`).toEqual([])
    }
  })

  it('starts by the unit’s command, answers, and keeps its counts in the state folder', async () => {
    const { node, nodeFlags, entry, args } = unitCommand()
    expect(node).toBe('/usr/bin/node')
    expect(entry, 'the unit runs the build, not the sources through tsx').toBe(
      'dist-server/api.mjs',
    )
    expect([...nodeFlags, ...args].join(' ')).not.toMatch(/tsx/)
    // The heap is bounded (decision 0024).
    expect(nodeFlags).toContain('--max-old-space-size=384')
    // The unit's paths, pointed at this test's files; every option it names is kept.
    const state = join(dir, 'state')
    const replaced: Record<string, string> = {
      '--database': database,
      '--port': '0',
      '--tokens': join(dir, 'tokens'),
      '--tools': join(dir, 'tools.json'),
      '--settings': join(dir, 'settings.json'),
      '--state': state,
      '--public-host': 'cms.example.org',
    }
    const command = [
      ...nodeFlags,
      entry,
      ...args.map((word, i) => replaced[args[i - 1] ?? ''] ?? word),
    ]
    const child = spawn(process.execPath, command, { stdio: ['ignore', 'pipe', 'pipe'] })
    let log = ''
    child.stderr.on('data', (chunk: Buffer) => (log += chunk.toString()))
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve))
    try {
      const base = await new Promise<string>((resolve, reject) => {
        let out = ''
        child.stdout.on('data', (chunk: Buffer) => {
          out += chunk.toString()
          const found = /listening on (\S+)/.exec(out)
          if (found?.[1] !== undefined) resolve(found[1])
        })
        child.once('exit', (code) => reject(new Error(`exited (${code}): ${log}`)))
      })
      const ask = (path: string, token = TOKEN) =>
        fetch(`${base}/api/diagnostics/v1${path}`, {
          headers: { authorization: `Bearer ${token}` },
        })
      expect((await ask('/meta', 'not-the-token')).status).toBe(401)
      const meta = await ask('/meta')
      expect(meta.status).toBe(200)
      const range = await ask('/summary?from=2026-01-01T00:00:00Z&to=2027-01-01T00:00:00Z&tz=UTC')
      expect([200, 503]).toContain(range.status)
      await expect
        .poll(
          async () =>
            (await ask('/summary?from=2026-01-01T00:00:00Z&to=2027-01-01T00:00:00Z&tz=UTC')).status,
          { timeout: 30_000 },
        )
        .toBe(200)
    } finally {
      child.kill('SIGTERM')
    }
    expect(await exited).toBe(0)
    // The first count ran in the build's own child process (decision 0022), not in the server.
    expect(log).toMatch(/counted in a child process/)
    expect(readdirSync(state).filter((name) => name.endsWith('.bin'))).toHaveLength(1)
  }, 60_000)
})
