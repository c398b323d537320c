import { describe, expect, it } from 'vitest'
import { delay, http, HttpResponse } from 'msw'
import { server } from '@/testing/msw-server'
import { getMeta, getRun, getRunsPage } from './endpoints'
import {
  ContractError,
  HtmlPageError,
  HttpError,
  NetworkError,
  TimeoutError,
  describeApiError,
} from './errors'
import { buildUrl } from './request'

const base = '/api/diagnostics/v1'
const config = { baseUrl: base }

const meta = {
  installation: 'Test',
  privacyLevel: 'metadata',
  earliestAt: '2026-09-01T06:02:11Z',
  latestAt: '2026-11-28T17:40:00Z',
  retentionDays: 30,
  argumentCheckSince: null,
}

const step = (over: Record<string, unknown> = {}) => ({
  sequence: 0,
  kind: 'tool',
  round: 1,
  occurredAt: '2026-11-03T14:05:09.120Z',
  durationMs: 12.5,
  toolName: 'get_page_content',
  toolIsError: false,
  ...over,
})

const run = (steps: unknown[]) => ({
  uuid: 'r-1',
  status: 'completed',
  configuration: 'page-editor',
  startedAt: '2026-11-03T14:05:00Z',
  finishedAt: '2026-11-03T14:06:00Z',
  terminationReason: 'completed',
  steps,
})

async function failure(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise
  } catch (error) {
    return error
  }
  throw new Error('expected the call to fail')
}

describe('request — typed errors', () => {
  it.each([
    [401, /session has ended — sign in again/],
    [403, /may not read run diagnostics/],
    [500, /HTTP 500/],
  ])('HTTP %i becomes an HttpError with the body’s code and message', async (status, words) => {
    server.use(
      http.get(`${base}/meta`, () =>
        HttpResponse.json({ error: 'e_code', message: 'One sentence.' }, { status }),
      ),
    )
    const error = await failure(getMeta(config))
    expect(error).toBeInstanceOf(HttpError)
    expect(error).toMatchObject({ status, code: 'e_code', serverMessage: 'One sentence.' })
    expect(describeApiError(error)).toMatch(words)
  })

  it('404 for a run names the endpoint', async () => {
    server.use(http.get(`${base}/runs/:uuid`, () => new HttpResponse(null, { status: 404 })))
    const error = await failure(getRun(config, 'gone'))
    expect(error).toBeInstanceOf(HttpError)
    expect(error).toMatchObject({ status: 404, endpoint: '/runs/gone', code: null })
  })

  it('reads Retry-After and tolerates a non-JSON error body', async () => {
    server.use(
      http.get(
        `${base}/meta`,
        () =>
          new HttpResponse('<html>busy</html>', { status: 503, headers: { 'Retry-After': '7' } }),
      ),
    )
    const error = await failure(getMeta(config))
    expect(error).toMatchObject({ status: 503, retryAfterMs: 7000, serverMessage: null })
  })

  it('malformed JSON is a contract error at the body', async () => {
    server.use(
      http.get(`${base}/meta`, () => new HttpResponse('{"installation": ', { status: 200 })),
    )
    const error = await failure(getMeta(config))
    expect(error).toBeInstanceOf(ContractError)
    expect(error).toMatchObject({ path: '', endpoint: '/meta' })
    expect(error).not.toBeInstanceOf(HtmlPageError)
    expect(describeApiError(error)).toMatch(/\/meta.*not valid JSON/)
  })

  it.each([
    [
      'served as text/html',
      () => HttpResponse.html('<!DOCTYPE html><html><body><form>Sign in</form></body></html>'),
    ],
    [
      'served as JSON',
      () =>
        new HttpResponse('\n  <html><body>Sign in</body></html>', {
          headers: { 'Content-Type': 'application/json' },
        }),
    ],
    ['served as text/html without markup at the start', () => HttpResponse.html('Sign in')],
  ])(
    'an HTML page answered with 200 (%s) is named as such, not as invalid JSON',
    async (_label, page) => {
      server.use(http.get(`${base}/runs`, page))
      const error = await failure(getRunsPage(config, {}))
      expect(error).toBeInstanceOf(HtmlPageError)
      expect(error).toMatchObject({ endpoint: '/runs', kind: 'contract' })
      const said = describeApiError(error)
      expect(said).toMatch(/answered \/runs with an HTML page, not JSON — a login page/)
      expect(said).not.toMatch(/not valid JSON/)
    },
  )

  it('a contract mismatch names the JSON path of the value', async () => {
    const steps = [step(), step({ sequence: 1 }), step({ sequence: 2, occurredAt: 'yesterday' })]
    const runs = [run([]), run([]), run([]), run(steps)]
    server.use(
      http.get(`${base}/runs`, () => HttpResponse.json({ runs, nextCursor: null, totalRuns: 4 })),
    )
    const error = await failure(getRunsPage(config, {}))
    expect(error).toBeInstanceOf(ContractError)
    expect(error).toMatchObject({ path: 'runs[3].steps[2].occurredAt', endpoint: '/runs' })
  })

  it('a tool step without its name breaks the contract', async () => {
    server.use(
      http.get(`${base}/runs/:uuid`, () => HttpResponse.json(run([step({ toolName: undefined })]))),
    )
    const error = await failure(getRun(config, 'r-1'))
    expect(error).toMatchObject({ path: 'steps[0].toolName' })
  })

  it('no answer in time is a TimeoutError', async () => {
    server.use(
      http.get(`${base}/meta`, async () => {
        await delay(2_000)
        return HttpResponse.json(meta)
      }),
    )
    const error = await failure(getMeta({ ...config, timeoutMs: 50 }))
    expect(error).toBeInstanceOf(TimeoutError)
    expect(describeApiError(error)).toMatch(/did not answer \/meta within 0\.1 seconds\.$/)
  })

  it('names a configured time in words that fit it', () => {
    const said = (ms: number) => describeApiError(new TimeoutError('/runs', ms))
    expect(said(1_000)).toMatch(/within 1 second\.$/)
    expect(said(2_500)).toMatch(/within 2\.5 seconds\.$/)
    expect(said(30_000)).toMatch(/within 30 seconds\.$/)
  })

  it('a dropped connection is a NetworkError', async () => {
    server.use(http.get(`${base}/meta`, () => HttpResponse.error()))
    expect(await failure(getMeta(config))).toBeInstanceOf(NetworkError)
  })

  it('an abort by the caller is not turned into an API error', async () => {
    server.use(
      http.get(`${base}/meta`, async () => {
        await delay(2_000)
        return HttpResponse.json(meta)
      }),
    )
    const controller = new AbortController()
    const pending = getMeta(config, controller.signal)
    controller.abort()
    const error = await failure(pending)
    expect(error).not.toBeInstanceOf(TimeoutError)
    expect(error).not.toBeInstanceOf(NetworkError)
  })
})

describe('request — what reaches the app', () => {
  it('strips text fields and unknown keys at validation', async () => {
    const secret = {
      content: 'prompt text',
      toolArguments: '{"uid":1}',
      toolResult: 'Refused: …',
      thinking: 'x',
      raw: {},
      promptTokens: 120,
    }
    server.use(
      http.get(`${base}/runs/:uuid`, () =>
        HttpResponse.json({ ...run([step(secret)]), messagesSent: ['hi'] }),
      ),
    )
    const result = await getRun(config, 'r-1')
    const text = JSON.stringify(result)
    for (const word of ['prompt text', 'toolArguments', 'toolResult', 'thinking', 'messagesSent']) {
      expect(text).not.toContain(word)
    }
    expect(result.steps[0]?.promptTokens).toBe(120)
  })

  it('sends repeatable tool parameters and same-origin credentials', async () => {
    const seen: Array<{ url: string; credentials: string }> = []
    server.use(
      http.get(`${base}/runs`, ({ request }) => {
        seen.push({ url: request.url, credentials: request.credentials })
        return HttpResponse.json({ runs: [], nextCursor: null, totalRuns: 0 })
      }),
    )
    await getRunsPage(config, { tool: ['a b', 'c&d'], limit: 500, from: '2026-01-01T00:00:00Z' })
    expect(seen).toHaveLength(1)
    const url = new URL(seen[0]?.url ?? '')
    expect(url.searchParams.getAll('tool')).toEqual(['a b', 'c&d'])
    expect(url.searchParams.get('limit')).toBe('500')
    expect(seen[0]).toMatchObject({ credentials: 'same-origin' })
  })

  it('builds URLs from relative and absolute bases', () => {
    expect(buildUrl('https://cms.example/api/', '/meta')).toBe('https://cms.example/api/meta')
    expect(buildUrl('/api/v1', '/runs', { tool: ['x'], cursor: undefined })).toMatch(
      /^http:\/\/localhost(:\d+)?\/api\/v1\/runs\?tool=x$/,
    )
  })
})

describe('buildUrl — base URLs of other installations', () => {
  it('keeps a path prefix with a trailing slash', () => {
    expect(buildUrl('https://cms.example/typo3/api/diagnostics/v1/', '/runs/a%20b')).toBe(
      'https://cms.example/typo3/api/diagnostics/v1/runs/a%20b',
    )
  })

  it('puts the path before the base URL’s own query and keeps its parameters', () => {
    const url = buildUrl('https://cms.example/index.php?eID=diagnostics&site=2', '/runs', {
      from: '2026-11-01T00:00:00Z',
      tool: ['a&b'],
    })
    const parsed = new URL(url)
    expect(parsed.pathname).toBe('/index.php/runs')
    expect(parsed.searchParams.get('eID')).toBe('diagnostics')
    expect(parsed.searchParams.get('site')).toBe('2')
    expect(parsed.searchParams.get('from')).toBe('2026-11-01T00:00:00Z')
    expect(parsed.searchParams.getAll('tool')).toEqual(['a&b'])
  })

  it('drops a fragment of the base URL instead of sending the path inside it', () => {
    expect(buildUrl('https://cms.example/api/v1/#top', '/meta')).toBe(
      'https://cms.example/api/v1/meta',
    )
  })

  it('reaches the endpoint of a base URL with a query, with that query', async () => {
    const seen: URLSearchParams[] = []
    server.use(
      http.get('https://cms.example/index.php/meta', ({ request }) => {
        seen.push(new URL(request.url).searchParams)
        return HttpResponse.json(meta)
      }),
    )
    await expect(getMeta({ baseUrl: 'https://cms.example/index.php?eID=diag' })).resolves.toEqual(
      meta,
    )
    expect(seen[0]?.get('eID')).toBe('diag')
  })
})
