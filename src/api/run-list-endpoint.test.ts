import { describe, expect, it } from 'vitest'
import { http, HttpResponse } from 'msw'
import { server } from '@/testing/msw-server'
import type { RunListQuery } from '../domain/api-query'
import { ContractError, HttpError } from './errors'
import { fetchRunListCsv, fetchRunListPage, runListCsvUrl } from './run-list-endpoint'

const base = '/api/diagnostics/v1'
const config = { baseUrl: base }
const signal = () => new AbortController().signal

const query: RunListQuery = {
  from: Date.parse('2026-11-01T00:00:00Z'),
  to: Date.parse('2026-11-03T00:00:00Z'),
  tools: ['create_page', 'get_tca'],
  filters: { outcome: { kind: 'refused', code: 'arguments' }, configuration: 'a&b', status: null },
  sort: { key: 'rounds', desc: true },
}

const item = (uuid: string) => ({
  uuid,
  status: 'completed',
  configuration: 'a&b',
  startedAt: '2026-11-01T10:00:00Z',
  finishedAt: '2026-11-01T10:01:00Z',
  rounds: 2,
  toolCalls: 3,
  failed: 0,
  denied: 0,
  refused: [{ code: 'arguments', calls: 1 }],
})

const page = (over: Record<string, unknown> = {}) => ({
  rows: [item('r-1'), item('r-2')],
  offset: 100,
  totalRuns: 102,
  calls: 2,
  rangeRuns: 340,
  configurations: ['a&b'],
  statuses: ['completed'],
  otherCodes: [],
  ...over,
})

describe('fetchRunListPage', () => {
  it('asks for the query and slice and returns the page', async () => {
    let asked: URLSearchParams | null = null
    server.use(
      http.get(`${base}/run-list`, ({ request }) => {
        asked = new URL(request.url).searchParams
        return HttpResponse.json(page())
      }),
    )
    const answer = await fetchRunListPage(config, query, { offset: 100, limit: 100 }, signal())
    expect(answer).toMatchObject({ offset: 100, totalRuns: 102, rangeRuns: 340 })
    expect(asked === null ? null : [...(asked as URLSearchParams)]).toEqual([
      ['from', '2026-11-01T00:00:00.000Z'],
      ['to', '2026-11-03T00:00:00.000Z'],
      ['tool', 'create_page'],
      ['tool', 'get_tca'],
      ['outcome', 'refused-arguments'],
      ['configuration', 'a&b'],
      ['sort', 'rounds'],
      ['dir', 'desc'],
      ['offset', '100'],
      ['limit', '100'],
    ])
  })

  it.each([404, 405, 501])(
    'says an installation answering %i does not offer it',
    async (status) => {
      server.use(http.get(`${base}/run-list`, () => new HttpResponse(null, { status })))
      expect(await fetchRunListPage(config, query, { offset: 0, limit: 100 }, signal())).toBe(
        'not-offered',
      )
    },
  )

  it('throws the typed error of any other failure', async () => {
    server.use(
      http.get(`${base}/run-list`, () =>
        HttpResponse.json({ error: 'counting', message: 'Counting.' }, { status: 503 }),
      ),
    )
    const failure = fetchRunListPage(config, query, { offset: 0, limit: 100 }, signal())
    await expect(failure).rejects.toBeInstanceOf(HttpError)
    await expect(failure).rejects.toMatchObject({ status: 503, code: 'counting' })
  })

  it.each([
    ['another offset', { offset: 0 }, 'offset'],
    ['more rows than asked', { rows: [item('a'), item('b'), item('c')] }, 'rows'],
    ['fewer runs than its rows reach', { totalRuns: 101 }, 'totalRuns'],
    ['more listed runs than the range holds', { rangeRuns: 101 }, 'rangeRuns'],
  ])('rejects a page with %s as a contract error', async (_, over, path) => {
    server.use(http.get(`${base}/run-list`, () => HttpResponse.json(page(over))))
    const failure = fetchRunListPage(config, query, { offset: 100, limit: 2 }, signal())
    await expect(failure).rejects.toBeInstanceOf(ContractError)
    await expect(failure).rejects.toMatchObject({ path })
  })
})

describe('the CSV of a served runs list', () => {
  it('is addressed below the base URL, keeping its own query, with format=csv and the zone', () => {
    const url = new URL(runListCsvUrl({ baseUrl: '/index.php?eID=diag' }, query, 'Asia/Tokyo'))
    expect(url.pathname).toBe('/index.php/run-list')
    expect(url.searchParams.get('eID')).toBe('diag')
    expect(url.searchParams.get('format')).toBe('csv')
    expect(url.searchParams.get('tz')).toBe('Asia/Tokyo')
    expect(url.searchParams.getAll('tool')).toEqual(['create_page', 'get_tca'])
    expect(url.searchParams.has('offset')).toBe(false)
  })

  it('is fetched byte for byte, byte-order mark included, and a failure is a typed error', async () => {
    server.use(
      http.get(`${base}/run-list`, ({ request }) =>
        new URL(request.url).searchParams.get('tz') === 'UTC'
          ? new HttpResponse('\uFEFFrun_uuid\r\n', { headers: { 'Content-Type': 'text/csv' } })
          : new HttpResponse(null, { status: 500 }),
      ),
    )
    const file = await fetchRunListCsv(config, query, 'UTC', signal())
    const bytes = new Uint8Array(file)
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
    expect(new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes)).toBe('\uFEFFrun_uuid\r\n')
    await expect(fetchRunListCsv(config, query, 'Asia/Tokyo', signal())).rejects.toMatchObject({
      status: 500,
    })
  })
})
