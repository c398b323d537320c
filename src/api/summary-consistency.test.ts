import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { getResponse } from 'msw'
import { createScope, type ToolSummary } from '../domain/summary'
import { addDays } from '../domain/time'
import { createHandlers } from '../mocks/handlers'
import { createInstallation } from '../mocks/installation'
import { createDamagedInstallation } from '../mocks/testing/damaged-installation'
import { createHostileInstallation } from '../mocks/variants'
import { folderFor } from './loading/folder-specs'
import { loadAllRuns } from './loading/load-all-runs'
import { fetchToolSummary } from './summary-endpoint'

/**
 * The checks `fetchToolSummary` makes of a `/summary` body (days in range, tools asked, counts
 * that add up) must never reject an honest answer: on the demo and hostile installations, for
 * random ranges, zones with odd offsets and DST, and tool subsets, it is accepted and equals
 * folding every `/runs` page — both through the client's own request code.
 */
const base = 'http://cms.example/api/diagnostics/v1'
const demo = createInstallation()
const installations = {
  demo,
  hostile: createHostileInstallation(demo),
  damaged: createDamagedInstallation(demo),
}

const configOf = (installation: typeof demo) => {
  const handlers = createHandlers({ baseUrl: base, installation, summaryEndpoint: true })
  const fetchFn: typeof fetch = async (input, init) => {
    const request = new Request(input, init)
    return (await getResponse(handlers, request)) ?? Response.error()
  }
  return { baseUrl: base, fetchFn }
}

const ZONES = ['Pacific/Chatham', 'America/St_Johns', 'Asia/Kathmandu', 'Europe/Berlin', 'UTC']

describe('fetchToolSummary accepts every honest answer', () => {
  it.each(['demo', 'hostile', 'damaged'] as const)('%s installation', async (name) => {
    const config = configOf(installations[name])
    let seen = 0
    const tools = installations[name].tools.map((t) => t.name).filter((t) => t.isWellFormed())
    const arb = fc.record({
      from: fc.constantFrom('2026-08-30', '2026-09-27', '2026-10-25', '2026-11-05', '2026-11-27'),
      days: fc.integer({ min: 0, max: 20 }),
      tz: fc.constantFrom(...ZONES),
      tools: fc.oneof(
        fc.constant<string[]>([]),
        fc.subarray(tools, { minLength: 1, maxLength: 3 }),
      ),
    })
    await fc.assert(
      fc.asyncProperty(arb, async ({ from, days, tz, tools: picked }) => {
        const scope = createScope({ from, to: addDays(from, days), tz, tools: picked })
        const q = {
          from: new Date(scope.buckets.startMs).toISOString(),
          to: new Date(scope.buckets.endMs).toISOString(),
        }
        const signal = new AbortController().signal
        const counted = await fetchToolSummary(config, { ...q, tz, tool: picked }, signal)
        const folded = await loadAllRuns({
          config,
          query: { ...q, tool: picked },
          folder: folderFor({ kind: 'tool-summary', scope }),
          signal,
          onUpdate: () => undefined,
        })
        expect(folded.status).toBe('done')
        if (counted !== 'not-offered') seen += counted.runs
        expect(counted).toEqual(folded.summary as ToolSummary)
      }),
      { numRuns: 12 },
    )
    expect(seen).toBeGreaterThan(0)
  })
})
