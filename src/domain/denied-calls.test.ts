import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  DenialReader,
  isDeniedCall,
  markDeniedCalls,
  TURN_LOOKBACK,
  type DenialInput,
} from './denied-calls'

type S = DenialInput & { id: number }
let next = 0
const step = (kind: string, extra: Partial<DenialInput> = {}): S => {
  const id = next++
  return { id, sequence: id, kind, ...extra }
}
const call = (isError: unknown) => step('tool', { toolIsError: isError })
const approval = (approved: unknown) => step('approval', { approved })
const denied = (steps: S[]) => markDeniedCalls(steps).filter((s) => s.toolDenied === true)

describe('isDeniedCall', () => {
  it('needs an error call right after a denied approval', () => {
    expect(isDeniedCall(true, { kind: 'approval', approved: false })).toBe(true)
    expect(isDeniedCall(false, { kind: 'approval', approved: false })).toBe(false)
    expect(isDeniedCall(true, { kind: 'approval', approved: true })).toBe(false)
    expect(isDeniedCall(true, { kind: 'approval', approved: 'false' })).toBe(false)
    expect(isDeniedCall(true, { kind: 'approval' })).toBe(false)
    expect(isDeniedCall(true, { kind: 'input' })).toBe(false)
    expect(isDeniedCall('true', { kind: 'approval', approved: false })).toBe(false)
    expect(isDeniedCall(true, null)).toBe(false)
  })
})

describe('markDeniedCalls, on the rows the CMS writes', () => {
  it('marks every call of a denied turn, a read-only sibling too, and nothing after it', () => {
    const turn = [call(true), call(true), call(true)]
    const steps = [
      step('context'),
      step('request'),
      step('llm'),
      approval(false),
      ...turn,
      step('context'),
      step('request'),
      step('llm'),
      call(true),
      call(false),
    ]
    expect(denied(steps).map((s) => s.id)).toEqual(turn.map((s) => s.id))
  })

  it('leaves calls after an approval given, or after an answered question, as they are', () => {
    const steps = [step('llm'), approval(true), call(true), step('llm'), step('input'), call(true)]
    expect(denied(steps)).toEqual([])
  })

  it('looks through a write row, and not past the first step that is no call', () => {
    const steps = [approval(false), call(true), step('tool_write'), call(true)]
    expect(denied(steps)).toHaveLength(2)
    expect(denied([approval(false), step('dropped'), call(true)])).toEqual([])
  })

  it('cannot tell a denial whose approval row is missing, or a call without a readable error', () => {
    expect(denied([step('llm'), call(true), call(true)])).toEqual([])
    expect(denied([approval(false), call(undefined), call('yes'), call(true)])).toHaveLength(1)
  })

  it('keeps the opener across the pieces of a run read in parts', () => {
    const reader = new DenialReader()
    expect(reader.read(approval(false))).toBe(false)
    expect(reader.read(call(true))).toBe(true)
    // the next piece of the same run
    expect(reader.read(call(true))).toBe(true)
    expect(reader.read(step('context'))).toBe(false)
    expect(reader.read(call(true))).toBe(false)
  })

  it('looks back at most TURN_LOOKBACK steps for the approval', () => {
    const opener = approval(false)
    const calls = Array.from({ length: TURN_LOOKBACK + 1 }, () => call(true))
    const marked = markDeniedCalls([opener, ...calls])
    expect(marked.filter((s) => s.toolDenied === true)).toHaveLength(TURN_LOOKBACK)
    expect(marked.at(-1)).not.toHaveProperty('toolDenied')
  })

  it('returns the other steps as they are and copies the denied ones', () => {
    const steps = [approval(false), call(true)]
    const marked = markDeniedCalls(steps)
    expect(marked[0]).toBe(steps[0])
    expect(marked[1]).not.toBe(steps[1])
    expect(steps[1]).not.toHaveProperty('toolDenied')
  })
})

/** The rule read naively: for each call, walk back to the first step that is no call. */
function reference(steps: readonly DenialInput[], lookback: number): boolean[] {
  return steps.map((s, i) => {
    if (s.kind !== 'tool' || s.toolIsError !== true) return false
    for (let j = i - 1; j >= 0; j -= 1) {
      const before = steps[j]
      if (before === undefined || before.kind === 'tool' || before.kind === 'tool_write') continue
      if (s.sequence - before.sequence > lookback) return false
      return before.kind === 'approval' && before.approved === false
    }
    return false
  })
}

it('agrees with walking back from every call, on random runs', () => {
  const anyStep = fc.record({
    kind: fc.constantFrom('tool', 'tool', 'tool_write', 'approval', 'input', 'llm', 'context'),
    approved: fc.constantFrom(undefined, true, false, 'false', null),
    toolIsError: fc.constantFrom(undefined, true, false, 'true'),
  })
  fc.assert(
    fc.property(fc.array(anyStep, { maxLength: 40 }), fc.nat(3), (kinds, gap) => {
      // Sequences ascend with gaps of up to `gap`, so the look-back limit is met now and then.
      const steps = kinds.map((s, i) => ({ ...s, sequence: i * (1 + gap) * 40 }))
      expect(markDeniedCalls(steps).map((s) => 'toolDenied' in s)).toEqual(
        reference(steps, TURN_LOOKBACK),
      )
    }),
  )
})
