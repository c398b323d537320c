import { describe, expect, it } from 'vitest'
import { comparison } from './comparison'
import { emptyEffectSummary, type EffectSummary } from './effect-summary'
import { rateChange, rateStat } from './rate-change'
import { watchList } from './watch-list'

function summaryOf(
  before: EffectSummary['before']['byTool'],
  after: EffectSummary['after']['byTool'],
): EffectSummary {
  const s = emptyEffectSummary()
  Object.assign(s.before.byTool, before)
  Object.assign(s.after.byTool, after)
  return s
}

describe('rateChange', () => {
  it('marks a change only when the 95 % intervals are disjoint', () => {
    // 40/200 = 20 % [15.1, 26.0]; 2/200 = 1 % [0.27, 3.6]: disjoint.
    const big = rateChange(rateStat(40, 200), rateStat(2, 200))
    expect(big.change).toBeCloseTo(-0.19, 12)
    expect(big.beyondIntervals).toBe(true)
    // 1/10 against 0/10: [0.018, 0.404] and [0, 0.278] overlap.
    expect(rateChange(rateStat(1, 10), rateStat(0, 10)).beyondIntervals).toBe(false)
  })
  it('has no change and no mark when a side has no calls', () => {
    const none = rateChange(rateStat(0, 0), rateStat(3, 10))
    expect(none).toMatchObject({ change: null, beyondIntervals: false })
    expect(none.before).toEqual({ events: 0, n: 0, rate: null, interval: null })
  })
})

describe('comparison and watch list', () => {
  const s = summaryOf(
    {
      update_page_metadata: { succeeded: 160, failed: 40 },
      move_content_element: { succeeded: 300 },
      get_typoscript: { succeeded: 199, failed: 1 },
      create_page_draft: { succeeded: 50, failed: 5 },
    },
    {
      update_page_metadata: { succeeded: 190, failed: 2, 'refused:arguments': 8 },
      move_content_element: { succeeded: 200, 'refused:arguments': 90, 'refused:turn': 10 },
      get_typoscript: { succeeded: 90, 'refused:arguments': 10 },
      create_page_draft: { succeeded: 40, 'refused:arguments': 3 },
      ask_choice: { 'refused:arguments': 4 },
    },
  )
  const c = comparison(s)

  it('marks the tools whose failure rate changed beyond the intervals', () => {
    const upm = c.tools.find((t) => t.tool === 'update_page_metadata')
    expect(upm?.failure.beyondIntervals).toBe(true)
    expect(upm?.refusalByCode.arguments?.after.rate).toBe(8 / 200)
    expect(c.tools.find((t) => t.tool === 'move_content_element')?.failure.beyondIntervals).toBe(
      false,
    )
  })

  it('lists tools refusing after whose failure rate before was about zero', () => {
    // move_content_element 0/300, get_typoscript 1/200 = 0.5 % ≤ 1 %; create_page_draft 5/55 is
    // not about zero, update_page_metadata neither; ask_choice had no calls before.
    expect(watchList(c).map((w) => [w.tool, w.before.calls, w.after.refusedArguments])).toEqual([
      ['move_content_element', 300, 90],
      ['get_typoscript', 200, 10],
    ])
    expect(watchList(c, 0).map((w) => w.tool)).toEqual(['move_content_element'])
    expect(watchList(comparison(emptyEffectSummary()))).toEqual([])
  })

  it('compares nothing with no data on one side', () => {
    const onlyAfter = comparison(summaryOf({}, { ask_choice: { 'refused:arguments': 4 } }))
    expect(onlyAfter.overall.failure).toMatchObject({ change: null, beyondIntervals: false })
    expect(onlyAfter.overall.before.calls).toBe(0)
    expect(onlyAfter.overall.refusal.after.rate).toBe(1)
    const nothing = comparison(emptyEffectSummary())
    expect(nothing.tools).toEqual([])
    expect(nothing.codes).toEqual([])
    expect(nothing.overall.failure.before.rate).toBeNull()
  })
})
