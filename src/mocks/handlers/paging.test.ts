import { beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { errorBodySchema, type Run } from '@/domain/contract'
import { server } from '@/testing/msw-server'
import { handlers } from '.'
import { apiUrl, fetchAllRuns } from '../testing/fetch-all-runs'
import { encodeCursor } from '@/domain/api-query'

// The demo installation answers this file's first load and every test.
beforeEach(() => server.use(...handlers))

/** The contract's rule, applied naively to every run. */
function naive(runs: Run[], from: string, to: string, tools: string[]): Run[] {
  const inRange = (at: string): boolean =>
    Date.parse(at) >= Date.parse(from) && Date.parse(at) < Date.parse(to)
  return runs.filter(
    (run) =>
      run.steps.some((step) => inRange(step.occurredAt)) &&
      (tools.length === 0 ||
        run.steps.some(
          (s) => s.kind === 'tool' && inRange(s.occurredAt) && tools.includes(s.toolName ?? ''),
        )),
  )
}

const contractOrder = (a: Run, b: Run): number =>
  Date.parse(b.startedAt) - Date.parse(a.startedAt) || (a.uuid < b.uuid ? -1 : 1)

let all: Run[] = []
beforeAll(async () => {
  server.use(...handlers)
  const result = await fetchAllRuns(new URLSearchParams({ limit: '500' }))
  all = result.runs
})

describe('paging /runs', () => {
  it('serves every run once, in contract order, with totalRuns on every page', async () => {
    const uuids = all.map((run) => run.uuid)
    expect(new Set(uuids).size).toBe(uuids.length)
    expect([...all].sort(contractOrder).map((r) => r.uuid)).toEqual(uuids)
    const { totals } = await fetchAllRuns(new URLSearchParams({ limit: '97' }))
    expect(new Set(totals)).toEqual(new Set([all.length]))
    expect(all.length).toBeGreaterThan(500)
  })

  it.each([
    [
      '2026-10-05T13:30:00Z',
      '2026-10-19T10:07:00Z',
      ['update_page_metadata', 'get_pagetree'],
      '13',
    ],
    ['2026-11-04T23:00:00+01:00', '2026-11-12T00:00:00Z', [], '7'],
    ['2026-09-01T00:00:00Z', '2026-12-01T00:00:00Z', ['ask_choice'], '500'],
    ['2026-10-01T09:00:00Z', '2026-10-01T11:00:00Z', [], '1'],
  ])(
    'from %s to %s with tools %j and limit %s matches a naive filter',
    async (from, to, tools, limit) => {
      const search = new URLSearchParams({ from, to, limit })
      for (const tool of tools) search.append('tool', tool)
      const { runs, totals, texts } = await fetchAllRuns(search)
      const expected = naive(all, from, to, tools)
      expect(expected.length).toBeGreaterThan(0)
      expect(runs.map((r) => r.uuid)).toEqual(expected.map((r) => r.uuid))
      expect(new Set(totals)).toEqual(new Set([expected.length]))
      expect(texts).toHaveLength(Math.max(1, Math.ceil(expected.length / Number(limit))))
    },
  )

  it('matches by step times, not by the run span: a range inside an approval wait misses the run', async () => {
    // An editor deciding records nothing until the decision: the run has no step in between.
    const waits = all.flatMap((run) =>
      run.steps.flatMap((s, i) => {
        const before = run.steps[i - 1]
        if (s.kind !== 'approval' || before === undefined) return []
        const at = Date.parse(before.occurredAt)
        return Date.parse(s.occurredAt) - at > 120_000 ? [{ run, at }] : []
      }),
    )
    const wait = waits[0]
    if (wait === undefined) throw new Error('no long approval wait in the data')
    const from = new Date(wait.at + 1000).toISOString()
    const to = new Date(wait.at + 60_000).toISOString()
    const { runs } = await fetchAllRuns(new URLSearchParams({ from, to }))
    expect(runs.map((r) => r.uuid)).toEqual(naive(all, from, to, []).map((r) => r.uuid))
    expect(runs.map((r) => r.uuid)).not.toContain(wait.run.uuid)
    const touching = await fetchAllRuns(
      new URLSearchParams({ from: new Date(wait.at).toISOString(), to }),
    )
    expect(touching.runs.map((r) => r.uuid)).toContain(wait.run.uuid)
  })

  it('answers an empty last page for a query that matches nothing', async () => {
    const response = await fetch(apiUrl('/runs?tool=no_such_tool'))
    expect(await response.json()).toEqual({ runs: [], nextCursor: null, totalRuns: 0 })
  })

  it('continues exactly after the cursor run', async () => {
    const third = all[2]
    if (third === undefined) throw new Error('too few runs')
    const cursor = encodeCursor(third)
    const response = await fetch(apiUrl(`/runs?limit=2&cursor=${cursor}`))
    const page = (await response.json()) as { runs: Run[] }
    expect(page.runs.map((r) => r.uuid)).toEqual(all.slice(3, 5).map((r) => r.uuid))
  })
})

describe('errors', () => {
  const someCursor = (): string => {
    const run = all[0]
    if (run === undefined) throw new Error('no runs')
    return encodeCursor({ startedAt: '2020-01-01T00:00:00.000Z', uuid: run.uuid })
  }

  it.each([
    ['from=yesterday'],
    ['from=2026-11-03'],
    ['to=2026-11-03T10:00:00'],
    ['from=2026-11-03T10:00:00Z&to=2026-11-03T10:00:00Z'],
    ['from=2026-11-04T00:00:00Z&to=2026-11-03T00:00:00Z'],
    ['from=2026-11-03T00:00:00Z&from=2026-11-04T00:00:00Z'],
    ['limit=0'],
    ['limit=501'],
    ['limit=2.5'],
    ['limit=-1'],
    ['limit='],
    ['limit=ten'],
    ['cursor=not*a*cursor'],
    ['cursor=eyJ4IjoxfQ'],
    ['cursor='],
  ])('GET /runs?%s is a 400 with an error body', async (search) => {
    const response = await fetch(apiUrl(`/runs?${search}`))
    expect(response.status).toBe(400)
    const body = errorBodySchema.parse(await response.json())
    expect(body.error).toBe('bad_request')
    expect(body.message).toMatch(/\.$/)
  })

  it('refuses a well-formed cursor whose run key it never issued', async () => {
    const response = await fetch(apiUrl(`/runs?cursor=${someCursor()}`))
    expect(response.status).toBe(400)
  })

  it('answers 404 for an unknown run', async () => {
    const response = await fetch(apiUrl('/runs/00000000-0000-4000-8000-000000000000'))
    expect(response.status).toBe(404)
    expect(errorBodySchema.parse(await response.json()).error).toBe('not_found')
  })
})
