/**
 * An error no route expected is answered with the contract's 500 and told to the log on one line
 * that names the request's method, path and query, however hostile the request or the error text.
 */
import { request } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../db/database'
import { SummaryView } from '../view/summary-view'
import { createApiHandler } from './api-handler'
import { listen, type Listening } from './listen'

/** A database whose every statement fails as a driver might: SQL, a new line, control bytes. */
const failing: Database = {
  engine: 'sqlite',
  query: async () => {
    throw new Error('no such column: "r.x" in SELECT r.x\n\u001b[31m\u007f\u0085\u2028')
  },
  close: async () => undefined,
}

/** Sends `target` as it is (fetch would percent-encode `"`), returning status, headers and body. */
function ask(url: string, target: string, method = 'GET') {
  return new Promise<{ status: number; headers: Record<string, unknown>; body: string }>(
    (resolve, reject) => {
      request(`${url}${target}`, { path: target, method }, (res) => {
        let body = ''
        res.setEncoding('utf8')
        res.on('data', (chunk: string) => (body += chunk))
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }))
      })
        .on('error', reject)
        .end()
    },
  )
}

describe('an unexpected error', () => {
  const logged: string[] = []
  let listening: Listening

  beforeAll(async () => {
    const handle = createApiHandler({
      db: failing,
      settings: {
        installation: 'x',
        privacyLevel: 'metadata',
        retentionDays: null,
        argumentCheckSince: null,
      },
      builtinTools: [],
      tokens: null,
      log: (line) => logged.push(line),
      summaries: new SummaryView(failing),
    })
    listening = await listen({ handle, host: '127.0.0.1', port: 0 })
  })
  afterAll(async () => listening?.close())

  it('is answered 500 with the contract body and logged on one line naming the request', async () => {
    logged.length = 0
    const target = '/api/diagnostics/v1/runs/a%0A%1Bb"c?tool=%0D%0Ax"\\&limit=5'
    const answer = await ask(listening.url, target)
    expect(answer.status).toBe(500)
    expect(answer.headers['content-type']).toBe('application/json; charset=utf-8')
    expect(answer.headers['x-content-type-options']).toBe('nosniff')
    expect(JSON.parse(answer.body)).toEqual({
      error: 'internal',
      message: 'The server could not answer this request; its log says why.',
    })
    expect(logged).toEqual([
      String.raw`failed to answer GET "/api/diagnostics/v1/runs/a%0A%1Bb\"c?tool=%0D%0Ax\"\\&limit=5": "no such column: \"r.x\" in SELECT r.x\n\u001b[31m%7F%C2%85%E2%80%A8"`,
    ])
    expect(logged[0]).not.toMatch(/[\p{Cc}\u2028\u2029]/u)
  })

  it('is logged as HEAD for a HEAD request, and a contract error is not logged', async () => {
    logged.length = 0
    expect((await ask(listening.url, '/api/diagnostics/v1/meta?x=1', 'HEAD')).status).toBe(500)
    expect((await ask(listening.url, '/api/diagnostics/v1/nope?x=%0A')).status).toBe(404)
    expect(logged).toEqual([
      String.raw`failed to answer HEAD "/api/diagnostics/v1/meta?x=1": "no such column: \"r.x\" in SELECT r.x\n\u001b[31m%7F%C2%85%E2%80%A8"`,
    ])
  })
})
