import { describe, expect, it } from 'vitest'
import { KNOWN_RUN_STATUSES } from '@/domain/contract'
import { CATALOGUE } from './catalogue'
import { createInstallation, type MockRun } from '.'
import { TERMINATION_REASONS } from './sim-types'

const everything = { from: null, to: null, tools: [] }
const installation = createInstallation()
const runs: MockRun[] = installation.queryRuns(everything, null, 100_000).runs

describe('the simulated runs', () => {
  it('span 2026-09-01 to 2026-11-28 with every status and termination reason', () => {
    expect(new Set(runs.map((r) => r.status))).toEqual(new Set(KNOWN_RUN_STATUSES))
    expect(new Set(runs.map((r) => r.terminationReason))).toEqual(
      new Set([...TERMINATION_REASONS, null]),
    )
    const days = runs.map((r) => r.startedAt.slice(0, 10)).sort()
    expect(days[0]).toBe('2026-09-01')
    expect(days.at(-1)).toBe('2026-11-28')
  })

  it('leave finishedAt and terminationReason null exactly while a run is not terminal', () => {
    for (const run of runs) {
      const pending = ['queued', 'running', 'waiting_for_approval', 'waiting_for_input']
      expect(run.finishedAt === null, run.uuid).toBe(pending.includes(run.status))
      expect(run.terminationReason === null).toBe(pending.includes(run.status))
    }
  })

  it('are busier on weekdays, in working hours', () => {
    const weekday = runs.filter((r) => ![0, 6].includes(new Date(r.startedAt).getUTCDay()))
    expect(weekday.length / runs.length).toBeGreaterThan(0.85)
    const hours = runs.map((r) => new Date(r.startedAt).getUTCHours())
    expect(hours.every((h) => h >= 6 && h < 20)).toBe(true)
  })

  it('number steps 0…n-1 in time order, rounds with an llm answer before their tool steps', () => {
    for (const run of runs) {
      run.steps.forEach((step, i) => {
        expect(step.sequence).toBe(i)
        const previous = run.steps[i - 1]
        if (previous !== undefined) {
          expect(Date.parse(step.occurredAt)).toBeGreaterThanOrEqual(
            Date.parse(previous.occurredAt),
          )
        }
        if (step.kind === 'tool') {
          const answer = run.steps.find((s) => s.kind === 'llm' && s.round === step.round)
          expect(answer?.finishReason).toBe('tool_calls')
        }
      })
    }
  })

  it('hold approval-bound turns for an approval and ask_choice for an input step', () => {
    const bound = new Set(CATALOGUE.filter((t) => t.approval).map((t) => t.name))
    let approvals = 0
    let declined = 0
    for (const run of runs) {
      for (const step of run.steps.filter((s) => s.kind === 'tool' && s.toolRefusal == null)) {
        const round = run.steps.filter((s) => s.round === step.round)
        if (bound.has(step.toolName ?? '')) {
          expect(round.some((s) => s.kind === 'approval' && s.approved === true)).toBe(true)
        }
        if (step.toolName === 'ask_choice') expect(round.some((s) => s.kind === 'input')).toBe(true)
      }
      approvals += run.steps.filter((s) => s.kind === 'approval').length
      declined += run.steps.filter((s) => s.approved === false).length
      if (run.terminationReason === 'approval_denied')
        expect(run.steps.at(-1)?.approved).toBe(false)
    }
    expect(approvals).toBeGreaterThan(100)
    expect(declined).toBeGreaterThan(5)
  })

  it('share a round among several calls of one turn, sometimes', () => {
    const shared = runs.filter((run) => {
      const rounds = run.steps.filter((s) => s.kind === 'tool').map((s) => s.round)
      return new Set(rounds).size < rounds.length
    })
    expect(shared.length).toBeGreaterThan(50)
  })

  it('give llm steps token counts and a finish reason', () => {
    const llm = runs.flatMap((r) => r.steps.filter((s) => s.kind === 'llm'))
    expect(llm.length).toBeGreaterThan(1000)
    for (const step of llm) {
      expect(step.promptTokens).toBeGreaterThan(1000)
      expect(typeof step.finishReason).toBe('string')
    }
  })
})

describe('scale', () => {
  it('builds about N times the runs, deterministically', () => {
    const three = createInstallation({ scale: 3 })
    const again = createInstallation({ scale: 3 })
    expect(three.runCount / installation.runCount).toBeGreaterThan(2.6)
    expect(three.runCount / installation.runCount).toBeLessThan(3.4)
    const page = (i: typeof three) =>
      JSON.stringify(i.queryRuns({ from: null, to: null, tools: ['ask_choice'] }, null, 300))
    expect(page(again)).toEqual(page(three))
    expect(again.meta).toEqual(three.meta)
  })

  it('rejects a scale that is not positive', () => {
    expect(() => createInstallation({ scale: 0 })).toThrow(/scale/)
  })
})
