import { getResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { HOSTILE_CORPUS } from '../../../test/fixtures/hostile-corpus'
import { createHandlers } from '../handlers'
import { createInstallation, type MockRun } from '../installation'
import { createEmptyInstallation, createHostileInstallation, LEAK_MARKER } from '.'

const base = createInstallation()
const hostile = createHostileInstallation(base)
const handlers = createHandlers({ baseUrl: 'http://localhost/api', installation: hostile })

async function get(path: string): Promise<{ status: number; body: unknown }> {
  const response = await getResponse(handlers, new Request(`http://localhost/api${path}`))
  return { status: response?.status ?? 0, body: await response?.json() }
}

/** Every run of the installation through the real handlers, page by page with cursors. */
async function pageThrough(query = ''): Promise<MockRun[]> {
  const runs: MockRun[] = []
  let cursor: string | null = null
  do {
    const params = new URLSearchParams(query)
    params.set('limit', '100')
    if (cursor !== null) params.set('cursor', cursor)
    const { status, body } = await get(`/runs?${params}`)
    expect(status).toBe(200)
    const page = body as { runs: MockRun[]; nextCursor: string | null }
    runs.push(...page.runs)
    cursor = page.nextCursor
  } while (cursor !== null)
  return runs
}

describe('the hostile installation', () => {
  it('serves every run once through cursors, the newest under corpus uuids', async () => {
    const runs = await pageThrough()
    expect(runs).toHaveLength(base.runCount)
    expect(new Set(runs.map((r) => r.uuid)).size).toBe(base.runCount)
    expect(runs.slice(0, HOSTILE_CORPUS.length).map((r) => r.uuid)).toEqual(
      HOSTILE_CORPUS.map((e) => e.value),
    )
  })

  it('finds a run by its hostile uuid and runs by a hostile tool name', async () => {
    for (const { value } of HOSTILE_CORPUS.slice(0, 10)) {
      expect(hostile.getRun(value)?.uuid).toBe(value)
    }
    const name = HOSTILE_CORPUS[1]?.value ?? ''
    const runs = await pageThrough(new URLSearchParams({ tool: name }).toString())
    expect(runs.length).toBeGreaterThan(0)
    expect(runs.every((r) => r.steps.some((s) => s.toolName === name))).toBe(true)
  })

  it('keeps the counts of its base and sends the text fields it must not', () => {
    const all = { from: null, to: null, tools: [] }
    const served = hostile.queryRuns(all, null, 50).runs
    const original = base.queryRuns(all, null, 50).runs
    expect(served.map((r) => r.steps.length)).toEqual(original.map((r) => r.steps.length))
    expect(hostile.meta.privacyLevel).toBe('full')
    expect(JSON.stringify(served)).toContain(LEAK_MARKER)
    expect(hostile.tools.filter((t) => t.source === 'builtin').map((t) => t.name)).toEqual(
      HOSTILE_CORPUS.map((e) => e.value).slice(0, 47),
    )
  })
})

describe('the empty installation', () => {
  it('has no runs, no dates, and still offers its tools', () => {
    const empty = createEmptyInstallation()
    expect(empty.queryRuns({ from: null, to: null, tools: [] }, null, 10)).toEqual({
      runs: [],
      totalRuns: 0,
      continueAfter: null,
    })
    expect(empty.meta.earliestAt).toBeNull()
    expect(empty.tools.length).toBeGreaterThan(0)
  })
})
