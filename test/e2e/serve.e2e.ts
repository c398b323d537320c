import { request } from 'node:http'
import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { STRICT_CSP, startServer, type RunningServer } from '@/server/static/serve'

interface RawResponse {
  status: number
  headers: Record<string, string | string[] | undefined>
  body: string
}

/** Sends the path exactly as written: `fetch` and `new URL` would fold `..` away first. */
function rawGet(
  server: RunningServer,
  rawPath: string,
  headers: Record<string, string> = {},
  method = 'GET',
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port: server.port, path: rawPath, method, headers },
      (res) => {
        let body = ''
        res.setEncoding('utf8')
        res.on('data', (chunk: string) => (body += chunk))
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }))
      },
    )
    req.on('error', reject)
    req.end()
  })
}

const INDEX = '<!doctype html><title>fixture app</title>'
const SECRET = 'outside-the-served-folder'
const CONFIG = '{"apiBaseUrl":"/api/diagnostics/v1"}'

let workDir = ''
let site = ''
let server: RunningServer
let cspServer: RunningServer

beforeAll(async () => {
  workDir = await mkdtemp(path.join(tmpdir(), 'serve-test-'))
  site = path.join(workDir, 'site')
  await mkdir(path.join(site, 'assets'), { recursive: true })
  await writeFile(path.join(site, 'index.html'), INDEX)
  await writeFile(path.join(site, 'assets', 'index-AbC123xy.js'), 'console.log("app")')
  await writeFile(path.join(site, 'assets', 'index-AbC123xy.css'), 'body{margin:0}')
  await writeFile(
    path.join(site, 'assets', 'logo.svg'),
    '<svg xmlns="http://www.w3.org/2000/svg"/>',
  )
  await writeFile(path.join(site, 'config.json'), CONFIG)
  await writeFile(
    path.join(site, 'mockServiceWorker.js'),
    'self.addEventListener("fetch", () => {})',
  )
  await writeFile(path.join(workDir, 'secret.txt'), SECRET)
  await symlink(path.join(workDir, 'secret.txt'), path.join(site, 'link-out.txt'))
  server = await startServer({ dir: site })
  cspServer = await startServer({
    dir: site,
    csp: true,
    handle: (req, res) => {
      if (!req.url?.startsWith('/api/')) return false
      res.writeHead(503, { 'Content-Type': 'application/json', 'Retry-After': '2' })
      res.end('{"error":"unavailable","message":"Try again soon."}')
      return true
    },
  })
})

afterAll(async () => {
  await server.close()
  await cspServer.close()
  await rm(workDir, { recursive: true, force: true })
})

describe('src/server/static/serve.ts', () => {
  it('prints a URL with a port and serves index.html at /', async () => {
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/)
    const res = await fetch(server.url)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8')
    expect(await res.text()).toBe(INDEX)
  })

  it.each([
    ['assets/index-AbC123xy.js', 'text/javascript; charset=utf-8'],
    ['assets/index-AbC123xy.css', 'text/css; charset=utf-8'],
    ['assets/logo.svg', 'image/svg+xml'],
    ['config.json', 'application/json; charset=utf-8'],
    ['mockServiceWorker.js', 'text/javascript; charset=utf-8'],
  ])('serves %s as %s', async (file, type) => {
    const res = await fetch(new URL(file, server.url))
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe(type)
    expect(res.headers.get('x-content-type-options')).toBe('nosniff')
  })

  it('marks hashed assets immutable and everything else for revalidation', async () => {
    const asset = await fetch(new URL('assets/index-AbC123xy.js', server.url))
    expect(asset.headers.get('cache-control')).toContain('immutable')
    const config = await fetch(new URL('config.json', server.url))
    expect(config.headers.get('cache-control')).toBe('no-cache')
  })

  it.each([
    '/runs/abc',
    '/runs/3f1c9a2e-7d4b-4c55-9f0e-1a2b3c4d5e6f',
    '/tools?x=1',
    '/checker',
    '/assets',
  ])('answers the deep link %s with index.html', async (link) => {
    const res = await fetch(new URL(link, server.url))
    expect(res.status).toBe(200)
    expect(await res.text()).toBe(INDEX)
  })

  it('answers a browser navigation to a path with a dot with index.html', async () => {
    const res = await rawGet(server, '/runs/v1.2', { accept: 'text/html,application/xhtml+xml' })
    expect(res.status).toBe(200)
    expect(res.body).toBe(INDEX)
  })

  it.each(['/assets/missing-AbC123xy.js', '/missing.css', '/favicon.ico', '/runs/v1.2'])(
    'answers a missing asset %s with 404, not the index page',
    async (asset) => {
      const res = await rawGet(server, asset, { accept: '*/*' })
      expect(res.status).toBe(404)
      expect(res.body).not.toContain('fixture app')
    },
  )

  it.each([
    '/../secret.txt',
    '/assets/../../secret.txt',
    '/%2e%2e/secret.txt',
    '/%2E%2E/%2E%2E/secret.txt',
    '/..%2fsecret.txt',
    '/assets/..%2f..%2fsecret.txt',
    '/..%5csecret.txt',
    '/..\\secret.txt',
    '//../secret.txt',
    '/link-out.txt',
  ])('never serves a file outside the folder: %s', async (attack) => {
    const res = await rawGet(server, attack)
    expect(res.status).toBeGreaterThanOrEqual(400)
    expect(res.body).not.toContain(SECRET)
  })

  it.each(['/%00', '/index.html%00.js', '/%E0%A4%A'])(
    'rejects a malformed path %s with 400',
    async (bad) => {
      const res = await rawGet(server, bad)
      expect(res.status).toBe(400)
    },
  )

  it('answers HEAD without a body and refuses other methods', async () => {
    const head = await rawGet(server, '/config.json', {}, 'HEAD')
    expect(head.status).toBe(200)
    expect(head.headers['content-length']).toBe(String(CONFIG.length))
    expect(head.body).toBe('')
    const post = await rawGet(server, '/config.json', {}, 'POST')
    expect(post.status).toBe(405)
    expect(post.headers.allow).toBe('GET, HEAD')
  })

  it('sends no CSP unless asked, and the strict CSP on every response when asked', async () => {
    const plain = await fetch(server.url)
    expect(plain.headers.get('content-security-policy')).toBeNull()
    for (const file of [
      '',
      'runs/abc',
      'assets/index-AbC123xy.js',
      'mockServiceWorker.js',
      'nope.js',
    ]) {
      const res = await fetch(new URL(file, cspServer.url))
      expect(res.headers.get('content-security-policy')).toBe(STRICT_CSP)
    }
    expect(STRICT_CSP).toBe(
      "default-src 'self'; script-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'; connect-src 'self'",
    )
  })

  it('lets a hook answer requests before the files (fault injection)', async () => {
    const res = await fetch(new URL('api/diagnostics/v1/meta', cspServer.url))
    expect(res.status).toBe(503)
    expect(res.headers.get('retry-after')).toBe('2')
    expect(await res.json()).toEqual({ error: 'unavailable', message: 'Try again soon.' })
    const page = await fetch(new URL('runs', cspServer.url))
    expect(await page.text()).toBe(INDEX)
  })

  it('refuses a folder without index.html', async () => {
    await expect(startServer({ dir: path.join(site, 'assets') })).rejects.toThrow(/index\.html/)
  })
})
