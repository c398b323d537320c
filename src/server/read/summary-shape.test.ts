/**
 * The summary's rows are ordered as the JSON text of whole rows orders them (the order both ways
 * of counting give), however they were added: property test against that plain sort.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { dayArb as day } from '@/domain/time/test-arbitraries'
import { rowKeyOf, SummaryRows } from './summary-shape'

const tool = fc.oneof(fc.string(), fc.constantFrom('a', 'a"', 'a\\', 'é', '\u202e', 'a\u0000'))
const fields = fc.oneof(
  fc.record({ toolRefusal: fc.constant(undefined), toolIsError: fc.boolean() }),
  fc.record({
    toolRefusal: fc.constantFrom('arguments', 'turn', 'x"y'),
    toolIsError: fc.boolean(),
  }),
)
const addition = fc.record({ day, tool, fields, calls: fc.integer({ min: 1, max: 5 }) })

describe('SummaryRows', () => {
  it('orders rows as their JSON text orders them, and sums repeated rows', () => {
    fc.assert(
      fc.property(fc.array(addition, { maxLength: 60 }), fc.boolean(), (additions, keyed) => {
        const rows = new SummaryRows()
        const expected = new Map<string, { row: unknown; calls: number }>()
        for (const { day, tool, fields, calls } of additions) {
          if (keyed) rows.addTo(day, rowKeyOf(tool, fields), calls)
          else rows.add(day, tool, fields, calls)
          const refused = typeof fields.toolRefusal === 'string'
          const outcome = refused ? 'refused' : fields.toolIsError ? 'failed' : 'succeeded'
          const code = refused ? fields.toolRefusal : null
          const text = JSON.stringify([day, tool, outcome, code])
          const seen = expected.get(text)
          if (seen) seen.calls += calls
          else expected.set(text, { row: { day, tool, outcome, code }, calls })
        }
        const reference = [...expected]
          .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
          .map(([, { row, calls }]) => ({ ...(row as object), calls }))
        expect(rows.sorted()).toEqual(reference)
      }),
    )
  })
})
