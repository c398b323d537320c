/**
 * The view's file on its own: a server killed (-9) in the middle of writing it leaves the last
 * saved file whole and a temporary file the next start removes; the state folder's file names
 * one database whoever signs in, and never holds a password.
 */
import { spawn } from 'node:child_process'
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createInterface } from 'node:readline'
import { fileURLToPath } from 'node:url'
import { afterAll, describe, expect, it } from 'vitest'
import { databaseIdentity, viewFileIn } from './state-dir'
import { loadView, removeLeftovers, saveView, type SavedView } from './view-file'

const state = mkdtempSync(join(tmpdir(), 'rd-view-file-'))
afterAll(() => rmSync(state, { recursive: true, force: true }))

const saver = fileURLToPath(new URL('../testing/save-view-forever.ts', import.meta.url))

describe('a server killed while saving its view', () => {
  it('leaves the last saved file whole; the next start removes the partial one', async () => {
    const file = join(state, 'view-killed.bin')
    const child = spawn(process.execPath, ['--import', 'tsx', saver, file], {
      stdio: ['ignore', 'pipe', 'inherit'],
    })
    const exited = new Promise((resolve) => child.once('exit', resolve))
    const lines = createInterface({ input: child.stdout })
    let saves = 0
    for await (const line of lines) {
      if (line === 'saved') saves += 1
      if (saves === 2) break
    }
    // Killed as soon as the next save's temporary file is there: in the middle of writing it.
    const temporary = `view-killed.bin.${child.pid}.tmp`
    while (!readdirSync(state).includes(temporary)) await new Promise((r) => setTimeout(r, 1))
    child.kill('SIGKILL')
    await exited
    expect(readdirSync(state)).toContain(temporary)

    const saved = await loadView(file, 'sqlite:killed')
    expect(saved.settled.size).toBe(4_000_000)
    expect(saved.settled.buckets[3_999_999]).toBe(7)
    expect(await removeLeftovers(file)).toEqual([temporary])
    expect(readdirSync(state)).toEqual(['view-killed.bin'])
  }, 60_000)

  it('leaves the temporary file of a server still running alone', async () => {
    const file = join(state, 'view-running.bin')
    const running = join(state, `view-running.bin.${process.pid}.tmp`)
    writeFileSync(running, 'being written')
    expect(await removeLeftovers(file)).toEqual([])
    expect(existsSync(running)).toBe(true)
  })
})

describe("a view's runs", () => {
  it.each([
    ['uuids', ['7d0e2a8c-31f4-4c55-9d0b-8c2a4f1e6b01', 'é', '']],
    ['any text', ['🛠️', 'x\u0000y', '\uD800', '']],
  ])('come back exactly as saved: %s', async (_, uuids) => {
    const file = join(state, `view-texts-${uuids.length}-${uuids[0]?.length}.bin`)
    const n = uuids.length
    const view: SavedView = {
      database: 'sqlite:texts',
      settledUid: 0,
      ids: { runUids: [], keys: [] },
      settled: {
        size: 0,
        buckets: Int32Array.of(),
        runs: Int32Array.of(),
        keys: Int32Array.of(),
        steps: Int32Array.of(),
        rounds: Int32Array.of(),
      },
      statuses: {
        uids: Int32Array.from(uuids, (_, i) => i + 1),
        statuses: new Int32Array(n),
        names: ['completed'],
        top: n,
        changed: 1,
        facts: {
          uuids,
          configurations: new Int32Array(n),
          configurationNames: ['=cmd'],
          started: Float64Array.from(uuids, (_, i) => 1.5e9 + i + 0.25),
          finished: new Float64Array(n),
        },
      },
      probes: [],
    }
    await saveView(file, view)
    const loaded = await loadView(file, 'sqlite:texts')
    expect(loaded.statuses.facts).toEqual(view.statuses.facts)
  })
})

describe('the state folder', () => {
  it('names a database by engine, host, port and name, never by who signs in', () => {
    const a = databaseIdentity('postgres://reader:s3cret@db.example:5432/cms?sslmode=require')
    const b = databaseIdentity('postgresql://other@db.example/cms')
    expect(a).toBe('postgres://db.example:5432/cms')
    expect(b).toBe(a)
    expect(databaseIdentity('mysql://root:pw@127.0.0.1/test')).toBe('mysql://127.0.0.1:3306/test')
    expect(databaseIdentity('sqlite:relative/cms.db')).toMatch(/^sqlite:\/.*\/relative\/cms\.db$/)
  })

  it('keeps one file per database, and creates the folder on first use', async () => {
    const dir = join(state, 'new', 'folder')
    const one = await viewFileIn(dir, 'postgres://db:5432/one')
    const two = await viewFileIn(dir, 'postgres://db:5432/two')
    expect(existsSync(dir)).toBe(true)
    expect(one).not.toBe(two)
    expect(one).toMatch(/view-[0-9a-f]{16}\.bin$/)
  })

  it('throws when the folder cannot be made (a file stands in its place)', async () => {
    writeFileSync(join(state, 'a-file'), '')
    await expect(viewFileIn(join(state, 'a-file', 'state'), 'x')).rejects.toThrow(/ENOTDIR|EEXIST/)
  })
})
