/**
 * Generated installations for the server's property tests: hostile tool names, refusal codes
 * beside `toolIsError: true`, `toolRefusal` absent and null, failing calls after approvals denied
 * and given, unknown kinds and statuses, requeued runs, runs stored at every privacy level (tool
 * results holding U+0000), runs across DST changes, and summary queries over local days in zones
 * with odd offsets.
 */
import fc from 'fast-check'
import { parseSummaryParams } from '@/domain/api-query'
import { createScope } from '@/domain/summary'
import { addDays, type IsoDay } from '@/domain/time'
import type { MockRun, MockStep, StoredLevel } from '@/mocks/installation'
import { HOSTILE_CORPUS } from '../../../test/fixtures/hostile-corpus'

export const TOOL_NAMES = [
  'update_page_metadata',
  'Update_Page_Metadata',
  'update_page_metadata ',
  'tool_with_%_and__',
  'back\\slash',
  `quote'"name`,
  'nul\u0000inside',
  '\u202Eevil\u202C',
  'émoji 🛠️',
  'x'.repeat(300),
  ...HOSTILE_CORPUS.slice(0, 8).map((entry) => entry.value),
]
export const CODES = ['arguments', 'turn', 'Arguments', 'schema', '=1+1', '']
export const ZONES = [
  'UTC',
  'Asia/Kolkata',
  'Pacific/Chatham',
  'America/New_York',
  'Europe/Berlin',
  'Australia/Lord_Howe',
  'Asia/Kathmandu',
  'America/St_Johns',
]
export const START = Date.UTC(2026, 9, 22)
export const SPAN_DAYS = 14

export const stepArb = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('tool'),
      toolName: fc.constantFrom(...TOOL_NAMES),
      toolIsError: fc.boolean(),
      toolRefusal: fc.option(fc.option(fc.constantFrom(...CODES), { nil: null }), {
        nil: undefined,
      }),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constantFrom('llm', 'request', 'context', 'reasoning', 'tool call'),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constantFrom('approval', 'input'),
      approved: fc.constantFrom(false, false, true),
    }),
  },
)

export const runArb = fc.record({
  uuid: fc.uuid(),
  status: fc.constantFrom(
    'completed',
    'failed',
    'running',
    'queued',
    'waiting_for_approval',
    'weird "status"',
  ),
  startOffset: fc.integer({ min: 0, max: SPAN_DAYS * 86_400_000 }),
  gaps: fc.array(fc.integer({ min: 0, max: 7 * 3_600_000 }), { maxLength: 6 }),
  steps: fc.array(stepArb, { maxLength: 6 }),
  requeued: fc.constantFrom(0, 0, 0, 1, 2),
  level: fc.constantFrom<StoredLevel>('metadata', 'metadata', 'none', 'redacted', 'full'),
})

/** Configurations of the runs list's tests: hostile text, look-alikes, empty. */
export const CONFIGURATIONS = [
  'page-editor',
  'Page-Editor',
  '',
  '=HYPERLINK("x")',
  'é 🛠️',
  'tab\there',
]

/**
 * A run as {@link runArb} gives it, with a configuration and each step's round (0, the usual
 * few, and rounds past 31, which the view keeps apart): what the runs list sorts and counts.
 */
export const listedRunArb = fc
  .tuple(
    runArb,
    fc.constantFrom(...CONFIGURATIONS),
    fc.array(fc.constantFrom(0, 1, 2, 3, 31, 32, 33, 40), { minLength: 6, maxLength: 6 }),
  )
  .map(([spec, configuration, rounds]) => ({ ...spec, configuration, rounds }))

export type RunSpec = typeof runArb extends fc.Arbitrary<infer T> ? T : never

export function toRun(spec: RunSpec & { configuration?: string; rounds?: number[] }): MockRun {
  const start = START + spec.startOffset
  let at = start
  const steps: MockStep[] = spec.steps.map((s, sequence) => {
    at += spec.gaps[sequence] ?? 1_500
    const step: MockStep = {
      sequence,
      kind: s.kind,
      round: spec.rounds?.[sequence] ?? 1,
      occurredAt: new Date(at).toISOString(),
      durationMs: (sequence * 37.25) % 1000,
    }
    if ('toolName' in s) {
      step.toolName = s.toolName
      step.toolIsError = s.toolIsError
      if (s.toolRefusal !== undefined) step.toolRefusal = s.toolRefusal
    }
    if (s.kind === 'approval' && 'approved' in s) step.approved = s.approved
    return step
  })
  return {
    ...(spec.requeued > 0 ? { attempts: spec.requeued + 1 } : {}),
    uuid: spec.uuid,
    status: spec.status,
    configuration: spec.configuration ?? 'page-editor',
    startedAt: new Date(start).toISOString(),
    finishedAt: spec.status === 'completed' ? new Date(at + 1000).toISOString() : null,
    terminationReason: spec.status === 'completed' ? 'completed' : null,
    steps,
  }
}

export const queryArb = fc.record({
  fromDay: fc.integer({ min: -1, max: SPAN_DAYS }),
  days: fc.integer({ min: 1, max: SPAN_DAYS + 2 }),
  tz: fc.constantFrom(...ZONES),
  tools: fc.oneof(
    fc.constant<string[]>([]),
    fc.uniqueArray(fc.constantFrom(...TOOL_NAMES, 'no_such_tool'), { minLength: 1, maxLength: 3 }),
  ),
})

export const isoDay = (offsetDays: number): IsoDay =>
  addDays(new Date(START).toISOString().slice(0, 10), offsetDays)

export type QuerySpec = typeof queryArb extends fc.Arbitrary<infer T> ? T : never

/** A generated query's local days as `/summary` parses them, and its search string. */
/** The dashboard's filters of a generated query: its days, zone and tools. */
export const filtersOf = (q: QuerySpec) => ({
  from: isoDay(q.fromDay),
  to: isoDay(q.fromDay + q.days - 1),
  tz: q.tz,
  tools: q.tools,
})

export function summaryQueryOf(q: QuerySpec) {
  const scope = createScope(filtersOf(q))
  const search = new URLSearchParams({
    from: new Date(scope.buckets.startMs).toISOString(),
    to: new Date(scope.buckets.endMs).toISOString(),
    tz: q.tz,
  })
  for (const tool of q.tools) search.append('tool', tool)
  const parsed = parseSummaryParams(search)
  if (!parsed.ok) throw new Error(parsed.message)
  return { query: parsed, search }
}
