import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { handRun, llm, tool } from './test-runs'
import { anchorOf, stepAnchorIds } from './step-anchors'

describe('stepAnchorIds', () => {
  it('gives step-<sequence> to steps with their own sequence number', () => {
    const run = handRun('r', [llm(1), tool(1, 'a')])
    const ids = stepAnchorIds(run.steps)
    expect(run.steps.map((s) => anchorOf(ids, s))).toEqual(['step-0', 'step-1'])
  })

  it('gives every step its own id, whatever sequence numbers repeat', () => {
    fc.assert(
      fc.property(fc.array(fc.nat({ max: 12 }), { maxLength: 60 }), (sequences) => {
        const run = handRun(
          'r',
          sequences.map(() => llm(1)),
        )
        run.steps.forEach((step, i) => (step.sequence = sequences[i] ?? 0))
        const ids = stepAnchorIds(run.steps)
        const all = run.steps.map((s) => anchorOf(ids, s))
        expect(new Set(all).size).toBe(run.steps.length)
        // The first step with a number keeps the plain id that links elsewhere use.
        run.steps.forEach((step, i) => {
          const first = sequences.indexOf(step.sequence) === i
          expect(all[i] === `step-${step.sequence}`).toBe(first)
        })
      }),
    )
  })
})
