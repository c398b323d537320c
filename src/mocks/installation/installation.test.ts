import { attemptStarts } from '@/domain/runs'
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
      run.steps.forEach((step, i) => {
        if (step.kind !== 'tool' || step.toolRefusal != null) return
        // The decision is recorded when made, outside a round, right before the turn's calls.
        const opener = run.steps.slice(0, i).findLast((s) => s.kind !== 'tool')
        if (bound.has(step.toolName ?? '')) {
          expect(opener?.kind, run.uuid).toBe('approval')
          expect(opener?.round).toBe(0)
          expect(step.toolDenied === true).toBe(opener?.approved === false)
        }
        if (step.toolName === 'ask_choice') expect(opener?.kind).toBe('input')
      })
      approvals += run.steps.filter((s) => s.kind === 'approval').length
      declined += run.steps.filter((s) => s.approved === false).length
      // A guardrail that wanted an approval stops the run without an approval card.
      if (run.terminationReason === 'approval_denied') {
        expect(run.steps.at(-1)?.kind).toBe('llm')
        expect(run.status).toBe('failed')
      }
    }
    expect(approvals).toBeGreaterThan(100)
    expect(declined).toBeGreaterThan(5)
  })

  it('write every call of a denied turn as a failed call of no time, read-only ones too', () => {
    const denied = runs.flatMap((run) => run.steps.filter((s) => s.toolDenied === true))
    expect(denied.length).toBeGreaterThan(10)
    for (const step of denied) {
      expect(step).toMatchObject({ kind: 'tool', toolIsError: true, durationMs: 0 })
      expect(step.round).toBeGreaterThan(0)
    }
  })

  it('record each step when its work ended, context and request steps taking no time', () => {
    for (const run of runs) {
      for (const step of run.steps) {
        if (['context', 'request', 'approval', 'input', 'dropped'].includes(step.kind))
          expect(step.durationMs, step.kind).toBe(0)
      }
      const first = run.steps[0]
      // The first step's work started after the run did, and it was recorded when it ended.
      if (first !== undefined)
        expect(Date.parse(first.occurredAt) - first.durationMs).toBeGreaterThanOrEqual(
          Date.parse(run.startedAt),
        )
    }
  })

  it('requeue some runs: a later attempt starts again at round 1, its start stays the first', () => {
    const requeued = runs.filter((run) => (run.attempts ?? 1) > 1)
    expect(requeued.length).toBeGreaterThan(3)
    for (const run of requeued) {
      const starts = attemptStarts(run.steps, run.attempts)
      expect(starts, run.uuid).toHaveLength(run.attempts ?? 1)
      for (const start of starts.slice(1)) {
        expect(run.steps.slice(start).find((s) => s.kind === 'request')?.round).toBe(1)
      }
    }
    expect(runs.filter((run) => run.terminationReason === 'retries_exhausted')).not.toEqual([])
    for (const run of runs.filter((r) => r.terminationReason === 'retries_exhausted'))
      expect(run.attempts).toBe(4)
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
