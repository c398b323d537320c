/**
 * The static server: a dashboard folder may hold hidden files (`.env`, `.git/`), none is ever
 * served, whatever the request asks for; other files and the index fallback stay as they are.
 * A request Node cannot read gets the status that says why.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { answerClientError } from '../http/node-server'
import { startServer } from './serve'

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

describe('a request Node cannot read', () => {
  const answerOf = (code: string) => {
    let written = ''
    const socket = { writable: true, end: (text: string) => (written = text), destroy: () => {} }
    answerClientError(Object.assign(new Error(code), { code }), socket as never)
    return written
  }

  it('is answered with the status that says why, and the contract’s body', () => {
    expect(answerOf('ERR_HTTP_REQUEST_TIMEOUT')).toMatch(/^HTTP\/1\.1 408 [\s\S]*"request_timeout"/)
    expect(answerOf('HPE_HEADER_OVERFLOW')).toMatch(/^HTTP\/1\.1 431 /)
    expect(answerOf('HPE_INVALID_METHOD')).toMatch(/^HTTP\/1\.1 400 [\s\S]*"bad_request"/)
  })
})
