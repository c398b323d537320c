/**
 * A dashboard folder may hold hidden files (`.env`, `.git/`): none is ever served, whatever the
 * request asks for; other files and the index fallback stay as they are.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startServer } from './serve.mjs'

const SECRET = 'secret-that-must-not-leave'

describe('the static server and hidden files', () => {
  let dir: string
  let running: Awaited<ReturnType<typeof startServer>>
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'rd-hidden-'))
    writeFileSync(join(dir, 'index.html'), '<!doctype html><title>index</title>')
    writeFileSync(join(dir, 'app.js'), 'console.log(1)')
    writeFileSync(join(dir, '.env'), SECRET)
    mkdirSync(join(dir, '.git'))
    writeFileSync(join(dir, '.git', 'config'), SECRET)
    mkdirSync(join(dir, 'assets'))
    writeFileSync(join(dir, 'assets', '.hidden.js'), SECRET)
    running = await startServer({ dir })
  })
  afterAll(async () => {
    await running?.close()
    rmSync(dir, { recursive: true, force: true })
  })

  it.each(['/.env', '/.git/config', '/assets/.hidden.js', '/%2eenv', '/x/../.env'])(
    'never serves %s',
    async (path) => {
      for (const accept of ['*/*', 'text/html']) {
        const answer = await fetch(new URL(path, running.url), { headers: { accept } })
        expect(await answer.text()).not.toContain(SECRET)
      }
    },
  )

  it('still serves other files and the index page', async () => {
    expect(await (await fetch(new URL('/app.js', running.url))).text()).toContain('console')
    const page = await fetch(new URL('/runs/abc', running.url), {
      headers: { accept: 'text/html' },
    })
    expect(await page.text()).toContain('<title>index</title>')
  })
})
