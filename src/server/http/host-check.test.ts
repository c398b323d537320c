/**
 * DNS rebinding: a page whose name is pointed at 127.0.0.1 reaches the server with its own name
 * in `Host`. Only IP addresses, localhost and the names given are answered — the API and the
 * dashboard's files alike.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { request } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createInstallation } from '@/mocks/installation'
import { parseApiOptions, UsageError } from '../cli/options'
import { serveSeeded, type SeededServer } from '../testing/serve-seeded'
import { hostNameOf } from './host-check'

/** A GET with the given `Host` header (fetch may not set one). */
function get(
  url: string,
  host: string | null,
): Promise<{ status: number; body: string; type: string; nosniff: unknown }> {
  const { hostname, port, pathname, search } = new URL(url)
  return new Promise((resolve, reject) => {
    const req = request(
      {
        hostname,
        port,
        path: pathname + search,
        setHost: host !== null,
        headers: host === null ? {} : { host },
      },
      (res) => {
        let body = ''
        res.on('data', (chunk: Buffer) => (body += chunk.toString()))
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            body,
            type: String(res.headers['content-type']),
            nosniff: res.headers['x-content-type-options'],
          }),
        )
      },
    )
    req.on('error', reject)
    req.end()
  })
}

describe('the Host check', () => {
  let served: SeededServer
  // A dashboard folder of its own: the server tests run before any build.
  const dashboard = mkdtempSync(join(tmpdir(), 'rd-dashboard-'))
  writeFileSync(join(dashboard, 'index.html'), '<!doctype html><title>dashboard</title>')
  beforeAll(async () => {
    served = await serveSeeded('sqlite', createInstallation({ scale: 0.2 }), {
      dashboard,
      publicHosts: ['Diagnostics.Example.org'],
    })
  }, 120_000)
  afterAll(async () => {
    await served?.stop()
    rmSync(dashboard, { recursive: true, force: true })
  })

  it.each(['127.0.0.1', 'localhost', 'LOCALHOST.', '[::1]', 'diagnostics.example.org', '10.0.0.7'])(
    'answers for %s',
    async (name) => {
      const port = new URL(served.url).port
      expect((await get(`${served.base}/meta`, `${name}:${port}`)).status).toBe(200)
      expect((await get(`${served.base}/meta`, name)).status).toBe(200)
    },
  )

  it.each(['evil.example', 'localhost.evil.example', 'example.org', '127.0.0.1.nip.io'])(
    'refuses %s with 421, the API and the dashboard alike',
    async (name) => {
      for (const path of [`${served.base}/meta`, `${served.url}/`, `${served.url}/tools`]) {
        const answer = await get(path, name)
        expect(answer.status).toBe(421)
        expect(answer.type).toMatch(/^application\/json/)
        expect(JSON.parse(answer.body)).toMatchObject({ error: 'misdirected' })
        expect(answer.body).not.toContain(name)
      }
    },
  )

  it('answers another API version with the API’s 404, never the dashboard’s page', async () => {
    for (const path of ['/api/diagnostics/v2/meta', '/api/diagnostics', '/api']) {
      const answer = await get(`${served.url}${path}`, '127.0.0.1')
      expect(answer.status, path).toBe(404)
      expect(JSON.parse(answer.body)).toMatchObject({ error: 'not_found' })
    }
  })

  it('refuses a missing or broken Host with 400', async () => {
    for (const host of [null, 'a b', 'x@127.0.0.1', 'localhost/x']) {
      const answer = await get(`${served.base}/meta`, host)
      expect(answer.status, JSON.stringify(host)).toBe(400)
      // The contract's body, not Node's bare 400 for an HTTP/1.1 request without Host.
      expect(answer.type).toMatch(/^application\/json/)
      expect(answer.nosniff).toBe('nosniff')
      expect(JSON.parse(answer.body)).toMatchObject({ error: 'bad_request' })
    }
  })
})

describe('--public-host', () => {
  it('takes host names, comma-separated', () => {
    const options = (...extra: string[]) =>
      parseApiOptions(['--database', 'sqlite:x.db', ...extra]).publicHosts
    expect(options()).toEqual([])
    expect(options('--public-host', 'a.example,b.example')).toEqual(['a.example', 'b.example'])
    expect(() => options('--public-host', 'http://a.example/')).toThrow(UsageError)
  })

  it('reads a host name as browsers send it', () => {
    expect(hostNameOf('Example.ORG:8080')).toBe('example.org')
    expect(hostNameOf('[::1]:80')).toBe('::1')
    expect(hostNameOf('localhost.')).toBe('localhost')
    expect(hostNameOf(undefined)).toBeNull()
    expect(hostNameOf('a/b')).toBeNull()
  })
})
