import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { fastRunsPage } from './fast-runs-page'
import { runsPageSchema } from './run'

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

const run = fc.record(
  {
    uuid: fc.constantFrom('r-1', '', 'x'),
    status: fc.constantFrom('completed', 'running', 'new_status', ''),
    configuration: fc.oneof(fc.string(), fc.constant(3)),
    startedAt: fc.constantFrom('2026-11-03T14:05:00Z', 'nope'),
    finishedAt: fc.constantFrom(null, '2026-11-03T14:06:00Z', 'later'),
    terminationReason: fc.constantFrom(null, 'completed', 4),
    steps: fc.array(step, { maxLength: 4 }),
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
