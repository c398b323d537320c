import { describe, expect, it } from 'vitest'
import { effectResponseSchema } from '../contract'
import { emptyRecord } from '../summary/records'
import { emptyEffectSummary } from './effect-summary'
import { effectFromWire, effectToWire } from './effect-wire'

describe('the effect as GET /effect sends it', () => {
  it('keeps tools, codes and statuses named like Object.prototype members through JSON', () => {
    const summary = emptyEffectSummary()
    const calls = emptyRecord<number>()
    calls['refused:__proto__'] = 2
    calls.succeeded = 5
    summary.after.byTool['__proto__'] = calls
    summary.after.byTool['constructor'] = { ...emptyRecord<number>(), failed: 1 }
    summary.after.recovery.notRecoveredByStatus['__proto__'] = 3
    summary.after.recovery.correctiveRounds['2'] = 4
    summary.before.saved.approvalCards = 7
    summary.runs = 9
    const sent = JSON.parse(JSON.stringify(effectToWire(summary))) as unknown
    const back = effectFromWire(effectResponseSchema.parse(sent))
    expect(back).toEqual(summary)
    expect(Object.keys(back.after.byTool).sort()).toEqual(['__proto__', 'constructor'])
    expect(back.after.byTool['__proto__']?.['refused:__proto__']).toBe(2)
    expect(back.after.recovery.notRecoveredByStatus['__proto__']).toBe(3)
  })

  it('refuses an outcome that is none of the contract’s', () => {
    const wire = effectToWire(emptyEffectSummary())
    wire.before.calls.push({ tool: 'x', outcome: 'exploded', calls: 1 })
    expect(effectResponseSchema.safeParse(wire).success).toBe(false)
  })
})
