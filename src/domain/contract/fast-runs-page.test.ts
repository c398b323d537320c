import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { z } from '../zod'
import * as checks from './fast-checks'
import { fastRunsPage } from './fast-runs-page'
import { instantSchema } from './instant'
import { runsPageSchema } from './run'

describe('the leaf checks it calls', () => {
  const exported: [string, unknown][] = [
    ...Object.entries(checks),
    ['instantSchema', instantSchema],
  ]
  const leaves = exported.flatMap(([name, value]) =>
    value instanceof z.ZodType ? [[name, value] as const] : [],
  )
  // Values near each leaf's edges, then anything at all.
  const value = fc.oneof(
    fc.constantFrom('', 'x', '2026-11-03T14:05:09.120Z', '2026-02-29T10:00:00Z', '2026-11-03'),
    fc.constantFrom(0, -0, 1, -1, 1.5, 2 ** 53, NaN, Infinity, -Infinity, true, false, null),
    fc.oneof(fc.integer(), fc.double(), fc.string()),
    fc.anything(),
  )

  it.each(leaves)('%s: the registered check says what zod says', (_name, leaf) => {
    const accepts = checks.fastChecks.get(leaf)?.leaf
    expect(accepts).toBeTypeOf('function')
    fc.assert(
      fc.property(value, (v) => accepts?.(v) === leaf.safeParse(v).success),
      { numRuns: 2000 },
    )
  })
})

const step = fc.record(
  {
    sequence: fc.oneof(fc.nat(), fc.constantFrom(-1, 1.5, Number.MAX_SAFE_INTEGER + 2)),
    kind: fc.constantFrom('tool', 'llm', 'approval', 'new_kind', ''),
    round: fc.oneof(fc.nat(20), fc.constant(-1)),
    occurredAt: fc.constantFrom(
      '2026-11-03T14:05:09.120Z',
      '2026-11-03T15:05:09+01:00',
      '2026-02-29T10:00:00Z',
      '2028-02-29T10:00:00Z',
      '2026-11-03T14:05:09',
      'yesterday',
    ),
    durationMs: fc.oneof(
      fc.double({ min: 0, max: 1e6, noNaN: true }),
      fc.constantFrom(-1, Infinity),
    ),
    toolName: fc.constantFrom('update_page_metadata', '', '__proto__'),
    toolIsError: fc.oneof(fc.boolean(), fc.constant('true')),
    toolRefusal: fc.constantFrom(null, 'arguments', 'turn', 'budget', 5),
    approved: fc.boolean(),
    writeTarget: fc.oneof(
      fc.record({ table: fc.constant('pages'), uid: fc.integer() }),
      fc.constant({ table: 'pages', uid: 1.5 }),
    ),
    promptTokens: fc.oneof(fc.nat(), fc.constant(-3)),
    finishReason: fc.constantFrom('stop', 7),
    toolArguments: fc.constant('{"uid": 1}'),
    content: fc.string(),
  },
  { requiredKeys: [] },
)

// A step the installation could not read, as the server reports it: mostly valid, then with
// one field broken or missing (the arbitrary above breaks too many at once to reach valid ones).
const unreadableValid = fc.record(
  {
    sequence: fc.nat(),
    kind: fc.constantFrom('tool', 'tool_write', 'llm', ''),
    round: fc.nat(20),
    occurredAt: fc.constantFrom('2026-11-03T14:05:09.000Z', '2026-11-03T15:05:09+01:00'),
    toolName: fc.constantFrom('update_page_metadata', ''),
    listed: fc.boolean(),
    reason: fc.string(),
    toolResult: fc.constant('text'),
  },
  { requiredKeys: ['sequence', 'kind', 'round', 'occurredAt', 'listed', 'reason'] },
)
const unreadable = fc.oneof(
  { arbitrary: unreadableValid, weight: 3 },
  fc
    .tuple(
      unreadableValid,
      fc.constantFrom('sequence', 'kind', 'round', 'occurredAt', 'toolName', 'listed', 'reason'),
      fc.constantFrom(undefined, null, -1, 2.5, 'nope', 'false', 7),
    )
    .map(([entry, key, value]): Record<string, unknown> => {
      const copy: Record<string, unknown> = { ...entry }
      if (value === undefined) delete copy[key]
      else copy[key] = value
      return copy
    }),
  fc.anything(),
)

const run = fc.record(
  {
    uuid: fc.constantFrom('r-1', '', 'x'),
    status: fc.constantFrom('completed', 'running', 'new_status', ''),
    configuration: fc.oneof(fc.string(), fc.constant(3)),
    startedAt: fc.constantFrom('2026-11-03T14:05:00Z', 'nope'),
    finishedAt: fc.constantFrom(null, '2026-11-03T14:06:00Z', 'later'),
    terminationReason: fc.constantFrom(null, 'completed', 4),
    installation: fc.constantFrom('site-a', '', 7, null),
    steps: fc.array(step, { maxLength: 4 }),
    unreadableSteps: fc.oneof(
      fc.array(unreadable, { maxLength: 3 }),
      fc.constantFrom(null, {}, 'none'),
    ),
    raw: fc.constant({ secret: true }),
  },
  {
    requiredKeys: [
      'uuid',
      'status',
      'configuration',
      'startedAt',
      'finishedAt',
      'terminationReason',
      'steps',
    ],
  },
)

const page = fc.record(
  {
    runs: fc.array(run, { maxLength: 3 }),
    nextCursor: fc.constantFrom(null, 'c1', ''),
    totalRuns: fc.oneof(fc.nat(), fc.constant(-1)),
    extra: fc.anything(),
  },
  { requiredKeys: ['runs', 'nextCursor', 'totalRuns'] },
)

describe('fastRunsPage', () => {
  it('says yes only when zod says yes, with exactly zod’s stripped output', () => {
    let accepted = 0
    fc.assert(
      fc.property(fc.oneof(page, fc.anything()), (raw) => {
        const fast = fastRunsPage(raw)
        if (fast === null) return
        accepted++
        const slow = runsPageSchema.safeParse(raw)
        expect(slow.success).toBe(true)
        expect(fast).toEqual(slow.data)
      }),
      { numRuns: 3000 },
    )
    // The property must not pass by rejecting everything.
    expect(accepted).toBeGreaterThan(50)
  })

  it('agrees with zod on the unreadable steps of otherwise valid runs', () => {
    const validRun = fc.record(
      {
        uuid: fc.constant('r-1'),
        status: fc.constant('completed'),
        configuration: fc.constant('page-editor'),
        startedAt: fc.constant('2026-11-03T14:05:00Z'),
        finishedAt: fc.constant(null),
        terminationReason: fc.constant(null),
        steps: fc.constant([]),
        unreadableSteps: fc.oneof(
          { arbitrary: fc.array(unreadable, { maxLength: 4 }), weight: 4 },
          fc.constantFrom(null, {}, 'none'),
        ),
      },
      {
        requiredKeys: [
          'uuid',
          'status',
          'configuration',
          'startedAt',
          'finishedAt',
          'terminationReason',
          'steps',
        ],
      },
    )
    let accepted = 0
    let withUnreadable = 0
    fc.assert(
      fc.property(fc.array(validRun, { maxLength: 3 }), (runs) => {
        const raw = { runs, nextCursor: null, totalRuns: runs.length }
        const fast = fastRunsPage(raw)
        const slow = runsPageSchema.safeParse(raw)
        if (fast === null) return
        accepted++
        if (fast.runs.some((r) => (r.unreadableSteps?.length ?? 0) > 0)) withUnreadable++
        expect(slow.success).toBe(true)
        expect(fast).toEqual(slow.data)
      }),
      { numRuns: 1000 },
    )
    expect(accepted).toBeGreaterThan(100)
    expect(withUnreadable).toBeGreaterThan(50)
  })

  it('keeps a run’s unreadable steps as zod does, and rejects a broken one', () => {
    const entry = {
      sequence: 4,
      kind: 'tool',
      round: 2,
      occurredAt: '2026-11-03T14:05:09.000Z',
      listed: false,
      reason: '"toolIsError": expected boolean, received string',
      toolResult: 'text',
    }
    const pageWith = (unreadableSteps: unknown) => ({
      runs: [
        {
          uuid: 'r',
          status: 'completed',
          configuration: 'page-editor',
          startedAt: '2026-11-03T14:05:00Z',
          finishedAt: null,
          terminationReason: null,
          steps: [],
          unreadableSteps,
        },
      ],
      nextCursor: null,
      totalRuns: 1,
    })
    const raw = pageWith([entry, { ...entry, sequence: 5, toolName: 'get_tca', listed: true }])
    const fast = fastRunsPage(raw)
    expect(fast).toEqual(runsPageSchema.parse(raw))
    expect(fast?.runs[0]?.unreadableSteps).toEqual([
      {
        sequence: 4,
        kind: 'tool',
        round: 2,
        occurredAt: '2026-11-03T14:05:09.000Z',
        listed: false,
        reason: '"toolIsError": expected boolean, received string',
      },
      {
        sequence: 5,
        kind: 'tool',
        round: 2,
        occurredAt: '2026-11-03T14:05:09.000Z',
        toolName: 'get_tca',
        listed: true,
        reason: '"toolIsError": expected boolean, received string',
      },
    ])
    expect(JSON.stringify(fast)).not.toContain('toolResult')
    for (const broken of [null, [{ ...entry, listed: 'no' }], [{ ...entry, toolName: 3 }]]) {
      expect(fastRunsPage(pageWith(broken))).toBeNull()
      expect(runsPageSchema.safeParse(pageWith(broken)).success).toBe(false)
    }
  })

  it('accepts a valid page and drops text fields', () => {
    const raw = {
      runs: [
        {
          uuid: 'r',
          status: 'completed',
          configuration: 'page-editor',
          startedAt: '2026-11-03T14:05:00Z',
          finishedAt: null,
          terminationReason: null,
          steps: [
            {
              sequence: 0,
              kind: 'tool',
              round: 1,
              occurredAt: '2026-11-03T14:05:01Z',
              durationMs: 3,
              toolName: 't',
              toolIsError: false,
              toolResult: 'text',
            },
          ],
        },
      ],
      nextCursor: null,
      totalRuns: 1,
    }
    const fast = fastRunsPage(raw)
    expect(fast).toEqual(runsPageSchema.parse(raw))
    expect(JSON.stringify(fast)).not.toContain('toolResult')
  })
})
