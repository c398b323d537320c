import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { UidSlots } from './uid-slots'

/** Uids as the CMS numbers runs, and the odd ones that move the slots into a `Map`. */
const uidArb = fc.oneof(
  { weight: 8, arbitrary: fc.nat(5000) },
  { weight: 1, arbitrary: fc.integer({ min: 2 ** 21, max: 2 ** 31 }) },
  { weight: 1, arbitrary: fc.constantFrom(-1, 0.5, Number.MAX_SAFE_INTEGER) },
)
const opArb = fc.oneof(
  fc.record({ op: fc.constant('set' as const), uid: uidArb, slot: fc.nat(1 << 20) }),
  fc.record({ op: fc.constant('delete' as const), uid: uidArb }),
  fc.record({ op: fc.constant('clear' as const) }),
)

describe('UidSlots', () => {
  it('answers as a Map does, dense or not', () => {
    fc.assert(
      fc.property(fc.array(opArb, { maxLength: 300 }), fc.array(uidArb), (ops, asked) => {
        const slots = new UidSlots()
        const map = new Map<number, number>()
        for (const step of ops) {
          if (step.op === 'set') {
            slots.set(step.uid, step.slot)
            map.set(step.uid, step.slot)
          } else if (step.op === 'delete') {
            expect(slots.delete(step.uid)).toBe(map.delete(step.uid))
          } else {
            slots.clear()
            map.clear()
          }
        }
        expect(slots.size).toBe(map.size)
        for (const uid of [...asked, ...map.keys()]) {
          expect(slots.get(uid)).toBe(map.get(uid))
          expect(slots.has(uid)).toBe(map.has(uid))
        }
        const byUid = (a: [number, number], b: [number, number]) => a[0] - b[0]
        expect([...slots.entries()].sort(byUid)).toEqual([...map.entries()].sort(byUid))
      }),
    )
  })

  it('takes saved uids up with slot i for the i-th', () => {
    fc.assert(
      fc.property(fc.uniqueArray(uidArb, { maxLength: 200 }), (uids) => {
        const slots = UidSlots.of(uids)
        expect(slots.size).toBe(uids.length)
        uids.forEach((uid, i) => expect(slots.get(uid)).toBe(i))
      }),
    )
  })
})
