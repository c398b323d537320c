/**
 * A `--tools` catalogue that is missing, not JSON or of the wrong shape stops the start: the
 * command prints one sentence naming the file and exits non-zero before anything listens or any
 * database is opened (README: "Run it on your installation"). An admin sees it at deploy time,
 * not later as a tool report without built-in tools.
 */
import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { parseApiOptions } from './cli/options'
import { startApi } from './cli/start-api'
import { ConfigFileError } from './setup/settings'
import { createTestDatabase, testEngines } from './testing/engines'
import { serveSeeded } from './testing/serve-seeded'
import { createInstallation } from '@/mocks/installation'
import { toolsResponseSchema } from '@/domain/contract'

const engines = await testEngines()
const dir = mkdtempSync(join(tmpdir(), 'rd-catalogue-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

const file = (name: string, text: string): string => {
  const path = join(dir, name)
  writeFileSync(path, text)
  return path
}

/** Each broken catalogue and what the one sentence must say about it. */
const BROKEN: [string, () => string, RegExp][] = [
  [
    'missing',
    () => join(dir, 'no-such-tools.json'),
    /^The tool catalogue file .*no-such-tools\.json does not exist\.$/,
  ],
  [
    'not JSON',
    () => file('truncated.json', '{"tools": [{"name": "get_tca"'),
    /^The tool catalogue file .*truncated\.json is not valid JSON\.$/,
  ],
  [
    'without a tools list',
    () => file('object.json', '{"tool": []}'),
    /^The tool catalogue .*object\.json must be \{"tools": \[\.\.\.\]\} or a list of tools, as \/tools answers\.$/,
  ],
  [
    'of the wrong shape',
    () => file('shape.json', '{"tools": [{"name": "get_tca", "source": "builtin"}]}'),
    /^The tool catalogue .*shape\.json is invalid \(0\.\w+: .+\); it must hold the API's Tool shape\.$/,
  ],
  [
    'with a name twice',
    () => file('twice.json', JSON.stringify({ tools: [tool('a'), tool('a')] })),
    /^The tool catalogue .*twice\.json lists "a" twice\.$/,
  ],
]

function tool(name: string) {
  return {
    name,
    source: 'builtin',
    server: null,
    group: 'content',
    effect: 'read_only',
    approval: false,
    input: false,
    parameters: { type: 'object' },
  }
}

describe('the API command with a broken --tools file', () => {
  it.each(BROKEN)('exits 1 with one sentence naming a catalogue %s', (_name, path, sentence) => {
    const database = `sqlite:${join(dir, 'never-opened.db')}`
    const run = spawnSync(
      process.execPath,
      [
        '--import',
        'tsx',
        'src/server/cli/api.ts',
        '--database',
        database,
        '--port',
        '0',
        '--tools',
        path(),
      ],
      { encoding: 'utf8', timeout: 30_000 },
    )
    expect(run.status).toBe(1)
    expect(run.stdout).not.toMatch(/listening/)
    const lines = run.stderr.trim().split('\n')
    expect(lines).toHaveLength(1)
    expect(lines[0]).toMatch(sentence)
  })
})

describe.each(engines)('a broken --tools file on %s', (engine) => {
  it('stops the start before the database is read', async () => {
    const database = await createTestDatabase(engine)
    try {
      for (const [, path, sentence] of BROKEN) {
        const options = parseApiOptions([
          '--database',
          database.url,
          '--port',
          '0',
          '--tools',
          path(),
        ])
        const started = startApi(options, () => undefined)
        await expect(started).rejects.toBeInstanceOf(ConfigFileError)
        await expect(started).rejects.toThrow(sentence)
      }
    } finally {
      await database.drop()
    }
  })
})

describe.each(engines)('the API on %s without --tools', (engine) => {
  it('says so at start and in /tools, and lists the MCP tools alone', async () => {
    const installation = createInstallation({ scale: 0.2 })
    const without = await serveSeeded(engine, installation, { withoutTools: true })
    try {
      expect(without.log.some((line) => line.startsWith('No --tools: /tools lists only'))).toBe(
        true,
      )
      const body = toolsResponseSchema.parse(await (await fetch(`${without.base}/tools`)).json())
      expect(body.builtinListed).toBe(false)
      expect(body.tools.length).toBeGreaterThan(0)
      expect(body.tools.every((t) => t.source === 'mcp')).toBe(true)
    } finally {
      await without.stop()
    }
    const given = await serveSeeded(engine, installation)
    try {
      expect(given.log.some((line) => line.startsWith('No --tools'))).toBe(false)
      const body = (await (await fetch(`${given.base}/tools`)).json()) as Record<string, unknown>
      expect(body).not.toHaveProperty('builtinListed')
    } finally {
      await given.stop()
    }
  })
})
