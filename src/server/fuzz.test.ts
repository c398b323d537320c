/**
 * Every query parameter and path segment fuzzed: the server answers only the contract's statuses
 * and `{error, message}` bodies — no SQL error text, no stack trace, never a 500 — and its static
 * file serving never leaves `--dashboard`. On every engine.
 */
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createInstallation } from '../mocks/installation'
import { HOSTILE_CORPUS } from '../../test/fixtures/hostile-corpus'
import { testEngines } from './testing/engines'
import { serveSeeded, type SeededServer } from './testing/serve-seeded'

const RUNS = Number(process.env.RD_PROPERTY_RUNS ?? 60)
const engines = await testEngines()
const PARAMS = [
  'from',
  'to',
  'tz',
  'tool',
  'limit',
  'cursor',
  'status',
  'decision',
  'outcome',
  'configuration',
  'sort',
  'dir',
  'offset',
  'format',
]
const ENDPOINTS = ['/runs', '/summary', '/meta', '/tools', '/effect', '/run-rows', '/run-list']
const LEAK = /sql|syntax|select |sqlite|postgres|mysql|maria|\bat .+:\d+|stack|Error:/i

const hostile = fc.oneof(
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom(
    ...HOSTILE_CORPUS.map((entry) => entry.value),
    "' OR 1=1 --",
    '%',
    '_',
    '\\',
    '\u0000',
    '\u202E',
    '2026-11-01T00:00:00Z',
    '9'.repeat(400),
    '-1',
    'NaN',
  ),
)

function expectContractAnswer(status: number, body: string, what: string) {
  expect([200, 400, 404], what).toContain(status)
  if (status !== 200) {
    expect(body, what).not.toMatch(LEAK)
    const parsed = JSON.parse(body) as { error?: unknown; message?: unknown }
    expect(typeof parsed.error, what).toBe('string')
    expect(typeof parsed.message, what).toBe('string')
  }
}

/** Percent-encoded as a browser sends it (a lone surrogate becomes U+FFFD). */
const percentEncoded = (text: string): string => encodeURIComponent(text.toWellFormed())

describe.each(engines)('fuzzed requests on %s', (engine) => {
  let served: SeededServer
  let dashboard: string
  beforeAll(async () => {
    dashboard = mkdtempSync(join(tmpdir(), 'rd-dashboard-'))
    writeFileSync(join(dashboard, 'index.html'), '<!doctype html><title>dashboard</title>')
    served = await serveSeeded(engine, createInstallation({ scale: 0.2 }), { dashboard })
  }, 120_000)
  afterAll(async () => {
    await served?.stop()
  })

  it('answers fuzzed query parameters with contract errors only', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...ENDPOINTS),
        fc.array(fc.tuple(fc.constantFrom(...PARAMS, 'x'), hostile), { maxLength: 5 }),
        async (endpoint, pairs) => {
          const search = new URLSearchParams(pairs)
          const response = await fetch(`${served.base}${endpoint}?${search}`)
          expectContractAnswer(response.status, await response.text(), `${endpoint}?${search}`)
        },
      ),
      { numRuns: RUNS },
    )
  }, 300_000)

  it('answers fuzzed run ids and paths with contract errors only', async () => {
    await fc.assert(
      fc.asyncProperty(hostile, async (segment) => {
        const path = `/runs/${percentEncoded(segment)}`
        const response = await fetch(`${served.base}${path}`)
        expectContractAnswer(response.status, await response.text(), path)
        const raw = await fetch(`${served.base}/runs/${segment.replace(/[/?#]/g, '')}x`).catch(
          () => null,
        )
        if (raw !== null) expectContractAnswer(raw.status, await raw.text(), `raw ${segment}`)
      }),
      { numRuns: RUNS },
    )
  }, 300_000)

  it('never serves a file outside --dashboard', async () => {
    for (const path of [
      '/../package.json',
      '/%2e%2e/package.json',
      '/%2e%2e%2fpackage.json',
      '/..%2f..%2f..%2fetc%2fpasswd',
      '/assets/..%5c..%5cpackage.json',
      '/%00/etc/passwd',
      '//etc/passwd',
    ]) {
      const response = await fetch(`${served.url}${path}`)
      const body = await response.text()
      expect(body, path).not.toContain('"name": "run-diagnostics"')
      expect(body, path).not.toContain('root:')
    }
  })
})
