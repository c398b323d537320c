import { describe, expect, it } from 'vitest'
import { DEFAULT_API_BASE_URL, loadRuntimeConfig } from './runtime-config'

const answer =
  (body: string, init: ResponseInit = {}) =>
  async () =>
    new Response(body, init)

describe('loadRuntimeConfig', () => {
  it('uses the defaults when the file is missing', async () => {
    const result = await loadRuntimeConfig('/config.json', answer('', { status: 404 }))
    expect(result).toEqual({
      ok: true,
      source: 'defaults',
      config: {
        apiBaseUrl: DEFAULT_API_BASE_URL,
        demoScale: 1,
        demoVariant: 'default',
        demoSummaryEndpoint: false,
        apiTimeoutMs: 30_000,
      },
    })
  })

  it('treats a single-page fallback (index.html) as a missing file', async () => {
    const html = answer('<!doctype html>', { headers: { 'content-type': 'text/html' } })
    const result = await loadRuntimeConfig('/config.json', html)
    expect(result.ok && result.source).toBe('defaults')
  })

  it('reads apiBaseUrl and ignores unknown keys', async () => {
    const file = answer(JSON.stringify({ apiBaseUrl: 'https://cms.example/api/v1', extra: 1 }))
    const result = await loadRuntimeConfig('/config.json', file)
    expect(result).toEqual({
      ok: true,
      source: 'file',
      config: {
        apiBaseUrl: 'https://cms.example/api/v1',
        demoScale: 1,
        demoVariant: 'default',
        demoSummaryEndpoint: false,
        apiTimeoutMs: 30_000,
      },
    })
  })

  it.each([
    ['not JSON', '{apiBaseUrl:', /not valid JSON/],
    ['a wrong type', JSON.stringify({ apiBaseUrl: 42 }), /apiBaseUrl/],
    ['a script URL', JSON.stringify({ apiBaseUrl: 'javascript:alert(1)' }), /apiBaseUrl/],
    ['an unknown demo variant', JSON.stringify({ demoVariant: 'evil' }), /demoVariant/],
    [
      'a summary switch that is not a boolean',
      '{"demoSummaryEndpoint":"yes"}',
      /demoSummaryEndpoint/,
    ],
    ['a timeout under a second', '{"apiTimeoutMs":10}', /apiTimeoutMs/],
  ])('reports %s as a problem', async (_name, body, message) => {
    const result = await loadRuntimeConfig('/config.json', answer(body))
    expect(result.ok).toBe(false)
    expect(!result.ok && result.problem).toMatch(message)
  })

  it('reads the demo summary switch', async () => {
    const result = await loadRuntimeConfig('/config.json', answer('{"demoSummaryEndpoint":true}'))
    expect(result.ok && result.config.demoSummaryEndpoint).toBe(true)
  })

  it('reads the request timeout', async () => {
    const result = await loadRuntimeConfig('/config.json', answer('{"apiTimeoutMs":90000}'))
    expect(result.ok && result.config.apiTimeoutMs).toBe(90_000)
  })

  it('reports a server error and a failed request', async () => {
    const failed = await loadRuntimeConfig('/config.json', answer('', { status: 500 }))
    expect(!failed.ok && failed.problem).toMatch(/HTTP 500/)
    const offline = await loadRuntimeConfig('/config.json', async () => {
      throw new TypeError('Failed to fetch')
    })
    expect(offline.ok).toBe(false)
  })
})

describe('a relative apiBaseUrl', () => {
  it('is read against config.json, not against a deep link', async () => {
    const file = answer(JSON.stringify({ apiBaseUrl: 'api/diagnostics/v1' }))
    const result = await loadRuntimeConfig(
      '/dashboard/config.json',
      file,
      'https://cms.example/dashboard/tools/update_page_metadata?from=2026-01-01',
    )
    expect(result.ok && result.config.apiBaseUrl).toBe(
      'https://cms.example/dashboard/api/diagnostics/v1',
    )
  })

  it.each([
    ['../diagnostics/v1', 'https://cms.example/diagnostics/v1'],
    ['./api', 'https://cms.example/dashboard/api'],
    ['/api/diagnostics/v1', '/api/diagnostics/v1'],
    ['https://other.example/api', 'https://other.example/api'],
    ['//cdn.example/api', '//cdn.example/api'],
  ])('%s becomes %s', async (value, expected) => {
    const result = await loadRuntimeConfig(
      '/dashboard/config.json',
      answer(JSON.stringify({ apiBaseUrl: value })),
      'https://cms.example/dashboard/runs/42',
    )
    expect(result.ok && result.config.apiBaseUrl).toBe(expected)
  })
})
