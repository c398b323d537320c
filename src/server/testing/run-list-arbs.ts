/**
 * Generated runs-list questions: a range (often most of the generated two weeks, so lists hold
 * rows to order), the list's filters (mostly "any") and order, and a page size. For the
 * server's and the fleet's tests of `/run-list`.
 */
import fc from 'fast-check'
import type { RunListQuery } from '@/domain/api-query'
import { parseOutcome, RUN_SORT_KEYS } from '@/domain/runs'
import { createScope } from '@/domain/summary'
import { CODES, CONFIGURATIONS, filtersOf, queryArb } from './generated-runs'

/** A filter that is left at "any" most of the time, so lists hold rows to order. */
const mostlyAny = <T>(value: fc.Arbitrary<T>) =>
  fc.oneof({ weight: 3, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: value })

const outcomeArb = mostlyAny(
  fc.constantFrom(
    'refused',
    'failed',
    'denied',
    'clean',
    ...CODES.map((code) => `refused-${code}`),
  ),
)
export const listArb = fc.record({
  outcome: outcomeArb,
  configuration: mostlyAny(fc.constantFrom(...CONFIGURATIONS)),
  status: mostlyAny(fc.constantFrom('completed', 'running', 'weird "status"', 'none')),
  key: fc.constantFrom(...RUN_SORT_KEYS),
  desc: fc.boolean(),
  limit: fc.integer({ min: 1, max: 7 }),
})

/** Most runs of the two weeks in range, so the lists hold rows to order. */
export const longQueryArb = fc.oneof(
  queryArb,
  fc.tuple(queryArb, fc.integer({ min: -1, max: 2 })).map(([q, fromDay]) => ({
    ...q,
    fromDay,
    days: 16,
  })),
)

/** The range's filters and the `/run-list` query of a generated question. */
export function runListQueryOf(
  q: typeof longQueryArb extends fc.Arbitrary<infer T> ? T : never,
  list: typeof listArb extends fc.Arbitrary<infer T> ? T : never,
) {
  const filters = filtersOf(q)
  const scope = createScope(filters)
  const query: RunListQuery = {
    from: scope.buckets.startMs,
    to: scope.buckets.endMs,
    tools: q.tools,
    filters: {
      outcome: list.outcome === null ? null : parseOutcome(list.outcome),
      configuration: list.configuration,
      status: list.status,
    },
    sort: { key: list.key, desc: list.desc },
  }
  return { scope, query }
}
