import { describe, expect, it } from 'vitest'
import { TOOL_BAR_ORDERS } from '@/domain/summary'
import { OUTCOME_SERIES } from './outcome-colors'
import { stackOrder } from './stack-order'

const keys = (order: Parameters<typeof stackOrder>[0]) => stackOrder(order).map((s) => s.key)

describe('stackOrder', () => {
  it('draws the ranked outcome at the axis, the rest in the usual order', () => {
    expect(keys('calls')).toEqual(OUTCOME_SERIES.map((s) => s.key))
    expect(keys('failed')).toEqual([
      'failed',
      'succeeded',
      'denied',
      'refusedArguments',
      'refusedTurn',
      'refusedOther',
    ])
    expect(keys('refused').slice(0, 3)).toEqual(['refusedArguments', 'refusedTurn', 'refusedOther'])
    expect(keys('refusedArguments')[0]).toBe('refusedArguments')
  })

  it('keeps every series exactly once for every order', () => {
    for (const order of TOOL_BAR_ORDERS)
      expect([...keys(order)].sort()).toEqual(OUTCOME_SERIES.map((s) => s.key).sort())
  })
})
