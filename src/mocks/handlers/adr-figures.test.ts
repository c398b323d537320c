import { beforeAll, describe, expect, it } from 'vitest'
import { toolsResponseSchema, type Run, type Step } from '@/domain/contract'
import { outcomeOf } from '@/domain/outcome'
import { server } from '@/testing/msw-server'
import { handlers } from '.'
import { apiUrl, fetchAllRuns } from '../testing/fetch-all-runs'

const FROM = '2026-09-01T00:00:00Z'
const CUT = '2026-11-04T00:00:00Z'
const DECISION = '2026-11-05T09:00:00Z'

const toolSteps = (runs: Run[], from: string, to: string): Step[] =>
  runs.flatMap((run) =>
    run.steps.filter(
      (step) =>
        step.kind === 'tool' &&
        Date.parse(step.occurredAt) >= Date.parse(from) &&
        Date.parse(step.occurredAt) < Date.parse(to),
    ),
  )

let before: Run[] = []
let after: Run[] = []
let rawSteps: Record<string, unknown>[] = []
let writing = new Set<string>()

beforeAll(async () => {
  // Only this load asks the demo installation; the tests read what it kept.
  server.use(...handlers)
  const tools = toolsResponseSchema.parse(await (await fetch(apiUrl('/tools'))).json()).tools
  writing = new Set(tools.filter((tool) => tool.effect !== 'read_only').map((tool) => tool.name))
  const early = await fetchAllRuns(new URLSearchParams({ from: FROM, to: DECISION, limit: '500' }))
  rawSteps = early.texts.flatMap((text) =>
    (JSON.parse(text) as { runs: { steps: Record<string, unknown>[] }[] }).runs.flatMap(
      (run) => run.steps,
    ),
  )
  before = (await fetchAllRuns(new URLSearchParams({ from: FROM, to: CUT, limit: '500' }))).runs
  after = (await fetchAllRuns(new URLSearchParams({ from: DECISION, limit: '500' }))).runs
})

describe('the ADR 246 figures, read through the mock API', () => {
  it('counts 2,386 tool calls and 97 failures up to 2026-11-03, denied calls apart', () => {
    const steps = toolSteps(before, FROM, CUT)
    expect(steps).toHaveLength(2386)
    expect(steps.filter((step) => outcomeOf(step) === 'failed')).toHaveLength(97)
    // An editor denied some turns: their calls never ran, and are no failures.
    const denied = steps.filter((step) => outcomeOf(step) === 'denied')
    expect(denied.length).toBeGreaterThan(10)
    expect(denied.every((step) => step.toolIsError === true)).toBe(true)
  })

  it('has the per-tool failures of the ADR, only in writing tools, every other tool below 6', () => {
    const failed = new Map<string, number>()
    for (const step of toolSteps(before, FROM, CUT)) {
      if (outcomeOf(step) !== 'failed') continue
      const name = step.toolName ?? ''
      failed.set(name, (failed.get(name) ?? 0) + 1)
    }
    expect(failed.get('update_page_metadata')).toBe(58)
    expect(failed.get('create_content_element_draft')).toBe(13)
    expect(failed.get('update_content_element')).toBe(11)
    const named = ['update_page_metadata', 'create_content_element_draft', 'update_content_element']
    const others = [...failed].filter(([name]) => !named.includes(name))
    expect(others.reduce((sum, [, count]) => sum + count, 0)).toBe(15)
    for (const [name, count] of others) expect(count, name).toBeLessThan(6)
    for (const name of failed.keys()) expect(writing.has(name), name).toBe(true)
  })

  it('has no toolRefusal key on any step before the argument check', () => {
    const early = rawSteps.filter(
      (step) => Date.parse(String(step.occurredAt)) < Date.parse(DECISION),
    )
    expect(early.filter((step) => step.kind === 'tool').length).toBeGreaterThan(2386)
    expect(early.filter((step) => 'toolRefusal' in step)).toEqual([])
  })
})

describe('after the argument check went live', () => {
  const steps = (): Step[] => toolSteps(after, DECISION, '2100-01-01T00:00:00Z')

  it('refuses with both codes and every tool step carries toolRefusal', () => {
    const codes = new Set(steps().map((step) => step.toolRefusal))
    expect(codes).toEqual(new Set([null, 'arguments', 'turn']))
    expect(steps().every((step) => step.toolRefusal !== undefined)).toBe(true)
  })

  it('gives every turn refusal an arguments sibling in the same round, and no approval or question', () => {
    for (const run of after) {
      const refusedRounds = new Set(
        run.steps.filter((s) => typeof s.toolRefusal === 'string').map((s) => s.round),
      )
      for (const round of refusedRounds) {
        const inRound = run.steps.filter((s) => s.round === round)
        const tools = inRound.filter((s) => s.kind === 'tool')
        expect(tools.every((s) => s.toolRefusal === 'arguments' || s.toolRefusal === 'turn')).toBe(
          true,
        )
        expect(tools.some((s) => s.toolRefusal === 'arguments')).toBe(true)
        expect(inRound.filter((s) => s.kind === 'approval' || s.kind === 'input')).toEqual([])
      }
    }
  })

  it('re-sends the refused calls in the next round, mostly successfully', () => {
    let refused = 0
    let recovered = 0
    for (const run of after) {
      for (const step of run.steps.filter((s) => s.toolRefusal === 'arguments')) {
        refused += 1
        const next = run.steps.filter((s) => s.round === step.round + 1 && s.kind === 'tool')
        if (next.some((s) => s.toolName === step.toolName && outcomeOf(s) === 'succeeded')) {
          recovered += 1
        }
      }
    }
    expect(refused).toBeGreaterThan(20)
    expect(recovered / refused).toBeGreaterThan(0.6)
    expect(recovered).toBeLessThan(refused)
  })

  it('still has some writing-tool failures, fewer than before', () => {
    const rate = (list: Step[]): number =>
      list.filter((s) => outcomeOf(s) === 'failed').length /
      list.filter((s) => writing.has(s.toolName ?? '')).length
    const afterFailures = steps().filter((s) => outcomeOf(s) === 'failed')
    expect(afterFailures.length).toBeGreaterThan(0)
    expect(rate(steps())).toBeLessThan(rate(toolSteps(before, FROM, CUT)) / 2)
  })

  it('now refuses a tool whose schema is stricter than its code, which never failed before', () => {
    const refusedNow = new Set(
      steps()
        .filter((s) => s.toolRefusal === 'arguments')
        .map((s) => s.toolName),
    )
    const failedBefore = new Set(
      toolSteps(before, FROM, CUT)
        .filter((s) => outcomeOf(s) === 'failed')
        .map((s) => s.toolName),
    )
    const stricter = [...refusedNow].filter((name) => !failedBefore.has(name))
    expect(stricter).toContain('get_typoscript')
  })
})
