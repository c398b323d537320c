// Random datasets for the summary and CSV tests (imported by *.test.ts only).
import fc from 'fast-check'
import type { Run, Step, UnreadableStep } from '../contract'
import { addDays, formatInstant, type IsoDay } from '../time'
import { dayArb, instantNear, zoneArb } from '../time/test-arbitraries'

export const TOOL_NAMES = [
  'create_page',
  'update_page_metadata',
  'mcp_docs_search',
  '__proto__',
  'ünïcode, "tool"',
  // Close to create_page: same length, first, middle and last letter.
  'c____e____e',
]

// Unknown kinds among them, some close to a known one (reqxest beside request).
const kindArb = fc.constantFrom(
  'tool',
  'tool',
  'tool',
  'llm',
  'request',
  'approval',
  'plan',
  'reqxest',
  'lla',
  '',
)
const refusalArb = fc.constantFrom(undefined, null, null, 'arguments', 'turn', 'budget', '')

/** A step near `day`, its time written with a random zone's offset (or Z). */
const stepArb = (day: IsoDay): fc.Arbitrary<Step> =>
  fc
    .record({
      kind: kindArb,
      ms: instantNear(day),
      zone: fc.option(zoneArb),
      toolName: fc.constantFrom(...TOOL_NAMES),
      toolIsError: fc.boolean(),
      toolRefusal: refusalArb,
      toolDenied: fc.constantFrom(undefined, undefined, undefined, true),
      round: fc.nat(5),
      durationMs: fc.oneof(fc.nat(100_000), fc.double({ min: 0, max: 1e6, noNaN: true })),
    })
    .map((s) => {
      const occurredAt =
        s.zone === null ? new Date(s.ms).toISOString() : formatInstant(s.ms, s.zone)
      const base = {
        sequence: 0,
        kind: s.kind,
        round: s.round,
        occurredAt,
        durationMs: s.durationMs,
      }
      if (s.kind !== 'tool') return base
      const tool: Step = { ...base, toolName: s.toolName, toolIsError: s.toolIsError }
      if (s.toolDenied !== undefined) tool.toolDenied = s.toolDenied
      return s.toolRefusal === undefined ? tool : { ...tool, toolRefusal: s.toolRefusal }
    })

/**
 * A step the installation could not read, as the server reports it, near `day`: mostly tool
 * steps, listed or not, with or without a readable tool name.
 */
export const unreadableArb = (day: IsoDay): fc.Arbitrary<UnreadableStep> =>
  fc
    .record({
      kind: fc.constantFrom('tool', 'tool', 'tool', 'tool_write', 'llm', ''),
      ms: instantNear(day),
      zone: fc.option(zoneArb),
      toolName: fc.option(fc.constantFrom(...TOOL_NAMES)),
      listed: fc.boolean(),
      round: fc.nat(5),
      sequence: fc.nat(40),
    })
    .map((u) => {
      const entry = {
        sequence: u.sequence,
        kind: u.kind,
        round: u.round,
        occurredAt: u.zone === null ? new Date(u.ms).toISOString() : formatInstant(u.ms, u.zone),
        listed: u.listed,
        reason: 'its payload is not a JSON object',
      }
      return u.toolName === null ? entry : { ...entry, toolName: u.toolName }
    })

/** A run whose steps fall around `day` (give or take a couple of days); some report unreadable steps. */
export const runArb = (day: IsoDay): fc.Arbitrary<Run> =>
  fc
    .record({
      uuid: fc.uuid(),
      status: fc.constantFrom('completed', 'failed', 'cancelled', 'running', 'paused'),
      shift: fc.integer({ min: -2, max: 2 }),
    })
    .chain(({ uuid, status, shift }) =>
      fc
        .tuple(
          fc.array(stepArb(addDays(day, shift)), { maxLength: 12 }),
          // As the server sends it: only when there is one (in about a third of the runs).
          fc.oneof(
            { arbitrary: fc.constant<UnreadableStep[]>([]), weight: 2 },
            fc.array(unreadableArb(addDays(day, shift)), { minLength: 1, maxLength: 4 }),
          ),
        )
        .map(([list, unreadable]) => {
          const run: Run = {
            uuid,
            status,
            configuration: 'page-editor',
            startedAt: list[0]?.occurredAt ?? `${day}T00:00:00.000Z`,
            finishedAt: null,
            terminationReason: null,
            steps: list.map((step, sequence) => ({ ...step, sequence })),
          }
          return unreadable.length === 0 ? run : { ...run, unreadableSteps: unreadable }
        }),
    )

/** A random scope around a (often DST) day plus runs around it. */
export const datasetArb = fc
  .record({
    day: dayArb,
    length: fc.integer({ min: 0, max: 4 }),
    before: fc.integer({ min: 0, max: 2 }),
    zone: zoneArb,
    tools: fc.subarray(TOOL_NAMES),
  })
  .chain((scope) =>
    fc.record({
      from: fc.constant(addDays(scope.day, -scope.before)),
      to: fc.constant(addDays(scope.day, scope.length - scope.before)),
      zone: fc.constant(scope.zone),
      tools: fc.constant(scope.tools),
      runs: fc.array(runArb(scope.day), { maxLength: 12 }),
    }),
  )
