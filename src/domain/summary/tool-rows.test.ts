import { describe, expect, it } from 'vitest'
import type { Run } from '../contract'
import { foldRuns } from './fold-runs'
import { createScope } from './scope'
import { emptySummary } from './summary'
import { otherRefusalCodes, toolRows, totalsRow } from './tool-rows'

const step = (
  sequence: number,
  occurredAt: string,
  extra: Partial<Run['steps'][number]> = {},
): Run['steps'][number] => ({
  sequence,
  kind: 'tool',
  round: 1,
  occurredAt,
  durationMs: 5,
  ...extra,
})

const run = (uuid: string, status: string, steps: Run['steps']): Run => ({
  uuid,
  status,
  configuration: 'page-editor',
  startedAt: steps[0]?.occurredAt ?? '2026-09-01T00:00:00Z',
  finishedAt: null,
  terminationReason: null,
  steps,
})

const runs: Run[] = [
  run('a', 'completed', [
    step(0, '2026-10-24T22:30:00Z', { kind: 'llm' }),
    step(1, '2026-10-24T22:30:00Z', { toolName: 'update_page', toolIsError: false }),
    step(2, '2026-10-25T10:00:00+01:00', { toolName: 'update_page', toolIsError: true }),
    step(3, '2026-10-25T10:00:00Z', {
      toolName: 'update_page',
      toolIsError: true,
      toolRefusal: 'arguments',
    }),
    step(4, '2026-10-25T10:00:00Z', {
      toolName: 'mcp_docs_search',
      toolIsError: false,
      toolRefusal: 'turn',
    }),
  ]),
  run('b', 'paused', [
    step(0, '2026-10-26T12:00:00Z', {
      toolName: '__proto__',
      toolIsError: false,
      toolRefusal: 'budget',
    }),
    step(1, '2026-10-26T12:00:00Z', { kind: 'plan' }),
    step(2, '2026-10-27T00:00:00Z', { toolName: 'update_page', toolIsError: true }), // after the range
    step(3, '2026-10-24T21:59:59.999Z', { toolName: 'update_page', toolIsError: true }), // before it
  ]),
  run('c', 'completed', [step(0, '2026-10-20T12:00:00Z', { kind: 'request' })]),
]
const scope = createScope({ from: '2026-10-25', to: '2026-10-26', tz: 'Europe/Berlin', tools: [] })

describe('a hand-built fold', () => {
  const summary = foldRuns(emptySummary(), runs, scope)

  it('counts tool steps inside [from, to) by outcome, per tool and per zone day', () => {
    expect(summary.byTool).toEqual({
      update_page: { succeeded: 1, failed: 1, 'refused:arguments': 1 },
      mcp_docs_search: { 'refused:turn': 1 },
      ['__proto__']: { 'refused:budget': 1 },
    })
    expect(summary.byDay).toEqual({
      '2026-10-25': { succeeded: 1, failed: 1, 'refused:arguments': 1, 'refused:turn': 1 },
      '2026-10-26': { 'refused:budget': 1 },
    })
    expect(summary).toMatchObject({
      runs: 3,
      runsWithCalls: 2,
      runsWithRefusal: 2,
      runsWithFailure: 1,
      runsByStatus: { completed: 2, paused: 1 },
      unknownRefusalCodes: ['budget'],
      unknownStepKinds: ['plan'],
      unknownRunStatuses: ['paused'],
    })
  })

  it('counts only the selected tools', () => {
    const only = foldRuns(emptySummary(), runs, { ...scope, tools: ['mcp_docs_search'] })
    expect(Object.keys(only.byTool)).toEqual(['mcp_docs_search'])
    expect(only.runsWithCalls).toBe(1)
  })

  it('derives rows, totals and the extra refusal columns', () => {
    const rows = toolRows(summary, [{ name: '__proto__', source: 'builtin' }])
    expect(rows.map((r) => [r.tool, r.source, r.calls])).toEqual([
      ['update_page', 'builtin', 3],
      ['__proto__', 'builtin', 1],
      ['mcp_docs_search', 'mcp', 1],
    ])
    expect(rows[0]).toMatchObject({
      succeeded: 1,
      failed: 1,
      refused: 1,
      refusedArguments: 1,
      refusedTurn: 0,
      refusedOther: 0,
      failureRate: 1 / 3,
      refusalRate: 1 / 3,
      smallSample: true,
    })
    expect(totalsRow(rows)).toMatchObject({
      calls: 5,
      succeeded: 1,
      failed: 1,
      refused: 3,
      refusedArguments: 1,
      refusedTurn: 1,
      refusedOther: 1,
      refusedByCode: { arguments: 1, turn: 1, budget: 1 },
      failureRate: 0.2,
      refusalRate: 0.6,
    })
    expect(otherRefusalCodes(rows)).toEqual(['budget'])
  })

  it('gives no rows and null rates for an empty summary', () => {
    expect(toolRows(emptySummary())).toEqual([])
    expect(totalsRow([])).toMatchObject({ calls: 0, failureRate: null, refusalRate: null })
  })
})
