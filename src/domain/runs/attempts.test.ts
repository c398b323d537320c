import { describe, expect, it } from 'vitest'
import { attemptStarts } from './attempts'

const steps = (...kinds: [string, number][]) => kinds.map(([kind, round]) => ({ kind, round }))

describe('attemptStarts', () => {
  it('starts a new attempt where the request round goes back, with the opening steps before it', () => {
    const run = steps(
      ['context', 1],
      ['request', 1],
      ['llm', 1],
      ['tool', 1],
      ['context', 2],
      ['request', 2],
      ['dropped', 0],
      ['context', 1],
      ['request', 1],
      ['llm', 1],
    )
    expect(attemptStarts(run, 2)).toEqual([0, 6])
  })

  it('finds a retry of the same round, and one failed attempt after another', () => {
    const run = steps(['request', 1], ['request', 1], ['context', 1], ['request', 1])
    expect(attemptStarts(run, 3)).toEqual([0, 1, 2])
    expect(attemptStarts(run, 2)).toEqual([0, 1])
  })

  it('keeps a resumed turn that goes on without tools (at round 1) in its attempt', () => {
    const run = steps(
      ['request', 1],
      ['llm', 1],
      ['request', 2],
      ['llm', 2],
      ['approval', 0],
      ['tool', 2],
      ['request', 1],
      ['llm', 1],
    )
    expect(attemptStarts(run, 2)).toEqual([0])
  })

  it('splits nothing when the run says it was started once, and gives nothing for no steps', () => {
    const run = steps(['request', 1], ['request', 1])
    expect(attemptStarts(run, undefined)).toEqual([0])
    expect(attemptStarts(run, 1)).toEqual([0])
    expect(attemptStarts([], 3)).toEqual([])
  })
})
