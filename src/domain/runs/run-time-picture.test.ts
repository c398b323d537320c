import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { Run } from '../contract'
import { groupRounds } from './rounds'
import { runTimePicture } from './run-time-picture'
import { handRun, llm, refusalThenCorrected } from './test-runs'

const at = (iso: string) => Date.parse(iso)

/**
 * Round 1 asks for approval and waits 15 minutes; round 2 starts a minute after. As the CMS
 * records them: each step when its work ended, the decision at round 0 when it was made.
 */
const approvalWait: Run = {
  ...handRun('r-wait', []),
  startedAt: '2026-11-10T10:00:00.000Z',
  finishedAt: '2026-11-10T10:17:30.000Z',
  steps: [
    {
      sequence: 0,
      kind: 'llm',
      round: 1,
      occurredAt: '2026-11-10T10:00:05.000Z',
      durationMs: 4000,
    },
    {
      sequence: 1,
      kind: 'approval',
      round: 0,
      occurredAt: '2026-11-10T10:15:05.000Z',
      durationMs: 0,
      approved: true,
    },
    {
      sequence: 2,
      kind: 'tool',
      round: 1,
      occurredAt: '2026-11-10T10:15:05.500Z',
      durationMs: 500,
      toolName: 'update_page_metadata',
      toolIsError: false,
    },
    {
      sequence: 3,
      kind: 'llm',
      round: 2,
      occurredAt: '2026-11-10T10:16:08.500Z',
      durationMs: 3000,
    },
  ],
}

describe('runTimePicture', () => {
  it('puts a 15-minute approval wait on the run clock, with the gap before the next round', () => {
    const picture = runTimePicture(approvalWait, groupRounds(approvalWait))
    expect(picture?.startMs).toBe(at('2026-11-10T10:00:00.000Z'))
    expect(picture?.endMs).toBe(at('2026-11-10T10:17:30.000Z'))
    const [first, second] = picture?.rounds ?? []
    expect(first?.approvalWaitMs).toBe(15 * 60_000)
    expect(first?.spans.map((s) => s.kind)).toEqual(['model', 'approval', 'tool'])
    expect(first?.endMs).toBe(at('2026-11-10T10:15:05.500Z'))
    expect(second?.gapBeforeMs).toBe(60_000)
    expect(second?.approvalWaitMs).toBe(0)
  })

  it('leaves out round 0 and gives null for a run without readable round times', () => {
    const picture = runTimePicture(refusalThenCorrected, groupRounds(refusalThenCorrected))
    expect(picture?.rounds.map((r) => r.round)).toEqual([1, 2, 3])
    expect(runTimePicture(handRun('none', []), [])).toBeNull()
    const bad = handRun('bad', [llm(1)])
    const unreadable = { ...bad, steps: bad.steps.map((s) => ({ ...s, occurredAt: 'x' })) }
    expect(runTimePicture(unreadable, groupRounds(unreadable))).toBeNull()
  })

  it('holds every round inside the run span, in order, without negative gaps', () => {
    const step = fc.record({
      round: fc.integer({ min: 0, max: 4 }),
      offset: fc.integer({ min: 0, max: 3_600_000 }),
      durationMs: fc.integer({ min: 0, max: 1_200_000 }),
      kind: fc.constantFrom('llm', 'tool', 'approval', 'input', 'context'),
    })
    fc.assert(
      fc.property(fc.array(step, { maxLength: 30 }), fc.boolean(), (steps, finished) => {
        const start = at('2026-11-10T10:00:00.000Z')
        const run: Run = {
          ...handRun('p', []),
          finishedAt: finished ? new Date(start + 1000).toISOString() : null,
          steps: steps.map((s, i) => ({
            sequence: i,
            kind: s.kind,
            round: s.round,
            occurredAt: new Date(start + s.offset).toISOString(),
            durationMs: s.durationMs,
            ...(s.kind === 'tool' ? { toolName: 't', toolIsError: false } : {}),
          })),
        }
        const picture = runTimePicture(run, groupRounds(run))
        if (picture === null) {
          expect(steps.every((s) => s.round === 0)).toBe(true)
          return
        }
        for (const r of picture.rounds) {
          expect(r.startMs).toBeGreaterThanOrEqual(picture.startMs)
          expect(r.endMs).toBeLessThanOrEqual(picture.endMs)
          expect(r.gapBeforeMs).toBeGreaterThanOrEqual(0)
          expect(r.approvalWaitMs + r.inputWaitMs).toBeLessThanOrEqual(
            r.spans.reduce((sum, s) => sum + s.endMs - s.startMs, 0),
          )
        }
        expect(picture.rounds.map((r) => r.round)).toEqual(
          [...new Set(steps.map((s) => s.round).filter((r) => r > 0))].sort((a, b) => a - b),
        )
      }),
    )
  })
})
