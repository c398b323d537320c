import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { fastChecks } from './fast-checks'
import { fastSummaryResponse } from './fast-summary'
import { summaryDaySchema, summaryOutcomeSchema, summaryResponseSchema } from './summary'

describe('the leaf checks of /summary', () => {
  const value = fc.oneof(
    fc.constantFrom(
      '2026-11-03',
      '2026-02-29',
      '2028-02-29',
      '2026-13-01',
      '2026-1-03',
      ' 2026-11-03',
    ),
    fc.constantFrom('succeeded', 'failed', 'refused', 'Refused', 'constructor', ''),
    fc.oneof(fc.string(), fc.integer(), fc.constant(null)),
    fc.anything(),
  )
  it.each([
    ['summaryDaySchema', summaryDaySchema],
    ['summaryOutcomeSchema', summaryOutcomeSchema],
  ])('%s: the registered check says what zod says', (_name, leaf) => {
    const accepts = fastChecks.get(leaf)?.leaf
    expect(accepts).toBeTypeOf('function')
    fc.assert(
      fc.property(value, (v) => accepts?.(v) === leaf.safeParse(v).success),
      { numRuns: 2000 },
    )
  })
})

/** Mostly one of `valid`, now and then one of `invalid`: enough whole bodies stay valid. */
const mostly = (valid: unknown[], invalid: unknown[]) =>
  fc.oneof(
    { arbitrary: fc.constantFrom(...valid), weight: 12 },
    { arbitrary: fc.constantFrom(...invalid), weight: 1 },
  )

const anyRow = fc.record(
  {
    day: mostly(['2026-11-03', '2026-02-28', '2028-02-29'], ['2026-02-29', '2026-11-3', 20261103]),
    tool: mostly(['update_page_metadata', '__proto__'], ['', 7]),
    outcome: mostly(['succeeded', 'failed', 'refused'], ['denied', null]),
    code: fc.constantFrom(null, 'arguments', 'turn', '', 5, undefined),
    calls: mostly([0, 1, 42], [-1, 1.5, Number.MAX_SAFE_INTEGER + 2, '3']),
    extra: fc.string(),
  },
  { requiredKeys: ['day', 'tool', 'outcome', 'calls'] },
)
// Mostly with the code its outcome needs, so that whole rows are often valid.
const row = fc
  .tuple(anyRow, fc.integer({ min: 0, max: 3 }))
  .map(([r, keep]) =>
    keep === 0 ? r : { ...r, code: r.outcome === 'refused' ? 'arguments' : null },
  )

const body = fc.record(
  {
    from: mostly(['2026-11-01T00:00:00.000Z', '2026-11-01T05:30:00+05:30'], ['today']),
    to: mostly(['2026-12-01T00:00:00Z'], ['2026-12-01']),
    tz: mostly(['UTC', 'Asia/Kolkata'], ['', 3]),
    tools: fc.oneof(
      fc.array(mostly(['get_tca', 'x'], ['', 4]), { maxLength: 2 }),
      fc.constantFrom({}, null),
    ),
    runs: mostly([0, 3], [-1, 2.5]),
    runsWithCalls: fc.nat(),
    runsWithRefusal: mostly([0, 1], [0.5]),
    runsWithFailure: fc.nat(),
    runsByStatus: fc.array(
      fc.record(
        {
          status: mostly(['completed', 'new_status'], ['', null]),
          runs: mostly([0, 4], [-2]),
          label: fc.string(),
        },
        { requiredKeys: ['status', 'runs'] },
      ),
      { maxLength: 3 },
    ),
    rows: fc.array(row, { maxLength: 4 }),
    stepKinds: fc.array(mostly(['tool', 'llm'], ['', 9]), { maxLength: 3 }),
    unreadableToolSteps: mostly([undefined, 0, 7], [-1, null]),
    secret: fc.anything(),
  },
  {
    requiredKeys: [
      'from',
      'to',
      'tz',
      'tools',
      'runs',
      'runsWithCalls',
      'runsWithRefusal',
      'runsWithFailure',
      'runsByStatus',
      'rows',
      'stepKinds',
    ],
  },
)

describe('fastSummaryResponse', () => {
  it('says yes only when zod says yes, with exactly zod’s stripped output', () => {
    let accepted = 0
    let withRows = 0
    fc.assert(
      fc.property(fc.oneof({ arbitrary: body, weight: 4 }, fc.anything()), (raw) => {
        const fast = fastSummaryResponse(raw)
        if (fast === null) return
        accepted++
        if (fast.rows.length > 0) withRows++
        const slow = summaryResponseSchema.safeParse(raw)
        expect(slow.success).toBe(true)
        expect(fast).toEqual(slow.data)
      }),
      { numRuns: 5000 },
    )
    // The property must not pass by rejecting everything.
    expect(accepted).toBeGreaterThan(200)
    expect(withRows).toBeGreaterThan(100)
  })

  it('accepts what zod accepts on bodies of valid parts, and drops unknown keys', () => {
    const valid = {
      from: '2026-11-01T00:00:00.000Z',
      to: '2026-12-01T00:00:00.000Z',
      tz: 'UTC',
      tools: [],
      runs: 2,
      runsWithCalls: 1,
      runsWithRefusal: 1,
      runsWithFailure: 0,
      runsByStatus: [{ status: 'completed', runs: 2, note: 'x' }],
      rows: [
        { day: '2026-11-03', tool: 't', outcome: 'succeeded', code: null, calls: 3, extra: 1 },
        { day: '2026-11-04', tool: 't', outcome: 'refused', code: 'arguments', calls: 1 },
        { day: '2026-11-05', tool: 't', outcome: 'failed', calls: 2 },
      ],
      stepKinds: ['tool'],
      secret: 'text',
    }
    expect(fastSummaryResponse(valid)).toEqual(summaryResponseSchema.parse(valid))
    expect(JSON.stringify(fastSummaryResponse(valid))).not.toMatch(/secret|note|extra/)
    const broken = [
      { ...valid.rows[0], outcome: 'refused', code: null },
      { ...valid.rows[0], code: 'arguments' },
      { ...valid.rows[0], day: '2026-02-30' },
    ]
    for (const bad of broken) {
      const raw = { ...valid, rows: [bad] }
      expect(fastSummaryResponse(raw)).toBeNull()
      expect(summaryResponseSchema.safeParse(raw).success).toBe(false)
    }
  })
})
