import { describe, expect, it } from 'vitest'
import { createScope, foldRuns, emptySummary } from '../summary'
import { runRowFromItem, runRowOf } from './run-row'
import { emptyRunsSummary, foldRunRows } from './runs-summary'
import {
  callsOf,
  describeSelection,
  matchesRunFilters,
  outcomeParam,
  parseRunListFilters,
  selectRuns,
} from './run-filters'
import { RUN_OUTCOME_FILTERS } from '../links'
import { handRun, llm, refusalThenCorrected, tool, waitingForInput } from './test-runs'

const scope = createScope({ from: '2026-11-10', to: '2026-11-10', tz: 'UTC', tools: [] })

describe('runRowOf', () => {
  it('counts the counted calls by the outcome rule, rounds and duration of the whole run', () => {
    const run = handRun('a', [
      llm(1),
      tool(1, 'x', { toolRefusal: 'arguments', toolIsError: true }),
      tool(1, 'y', { toolRefusal: 'turn' }),
      tool(1, 'z', { toolRefusal: 'budget' }),
      llm(2),
      tool(2, 'x', { toolIsError: true }),
      tool(2, 'y'),
      tool(2, 'x', { toolIsError: true, toolDenied: true }),
    ])
    const row = foldRunRows(emptyRunsSummary(), [run], scope).rows[0]
    expect(row).toMatchObject({
      rounds: 2,
      toolCalls: 6,
      failed: 1,
      denied: 1,
      refusedArguments: 1,
      refusedTurn: 1,
      refusedOther: 1,
      durationMs: 9000,
    })
    expect(row?.otherCodes).toEqual({ budget: 1 })
  })

  it('counts only selected tools inside the range; an unfinished run has no duration', () => {
    const only = createScope({ from: '2026-11-10', to: '2026-11-10', tz: 'UTC', tools: ['x'] })
    const run = handRun('b', [tool(1, 'x'), tool(1, 'y')], { finishedAt: null })
    const row = foldRunRows(emptyRunsSummary(), [run], only).rows[0]
    expect(row?.toolCalls).toBe(1)
    expect(row?.durationMs).toBeNull()
    const later = createScope({ from: '2026-11-11', to: '2026-11-12', tz: 'UTC', tools: [] })
    expect(foldRunRows(emptyRunsSummary(), [run], later).rows[0]?.toolCalls).toBe(0)
  })

  it('with tools selected, lists only runs holding a counted call of them', () => {
    const only = createScope({ from: '2026-11-10', to: '2026-11-10', tz: 'UTC', tools: ['x'] })
    const runs = [handRun('a', [tool(1, 'x')]), handRun('b', [tool(1, 'y')]), handRun('c', [])]
    expect(foldRunRows(emptyRunsSummary(), runs, only).rows.map((r) => r.uuid)).toEqual(['a'])
    expect(foldRunRows(emptyRunsSummary(), runs, scope).rows.map((r) => r.uuid)).toEqual([
      'a',
      'b',
      'c',
    ])
  })

  it('with tools selected, lists a run whose only call of them could not be read, as the API does', () => {
    const only = createScope({ from: '2026-11-10', to: '2026-11-10', tz: 'UTC', tools: ['x'] })
    const unreadable = (uuid: string, toolName: string | undefined, occurredAt: string) =>
      handRun(uuid, [tool(1, 'y')], {
        unreadableSteps: [
          {
            sequence: 1,
            kind: 'tool',
            round: 1,
            occurredAt,
            ...(toolName === undefined ? {} : { toolName }),
            listed: true,
            reason: 'bad-payload',
          },
        ],
      })
    const runs = [
      unreadable('named', 'x', '2026-11-10T12:00:00.000Z'),
      unreadable('other-tool', 'y', '2026-11-10T12:00:00.000Z'),
      unreadable('no-name', undefined, '2026-11-10T12:00:00.000Z'),
      unreadable('out-of-range', 'x', '2026-11-11T12:00:00.000Z'),
    ]
    const rows = foldRunRows(emptyRunsSummary(), runs, only).rows
    expect(rows.map((r) => r.uuid)).toEqual(['named'])
    expect(rows[0]?.toolCalls).toBe(0)
  })

  it('agrees with the tool summary: the runs behind a count hold exactly that many calls', () => {
    const runs = [
      refusalThenCorrected,
      waitingForInput,
      handRun('c', [tool(1, 'update_page_metadata', { toolRefusal: 'arguments' })]),
    ]
    const summary = foldRuns(emptySummary(), runs, scope)
    const rows = foldRunRows(emptyRunsSummary(), runs, scope).rows
    const picked = selectRuns(rows, {
      outcome: { kind: 'refused', code: 'arguments' },
      configuration: null,
      status: null,
    })
    expect(picked.rows.map((r) => r.uuid)).toEqual(['r-corrected', 'c'])
    expect(picked.calls).toBe(summary.byTool.update_page_metadata?.['refused:arguments'])
  })
})

describe('run list filters', () => {
  it('parses every outcome a count link writes, and round-trips it', () => {
    for (const value of RUN_OUTCOME_FILTERS) {
      const { filters, ignored } = parseRunListFilters({ outcome: value })
      expect(ignored).toEqual([])
      expect(filters.outcome && outcomeParam(filters.outcome)).toBe(value)
    }
    expect(parseRunListFilters({ outcome: 'refused-budget' }).filters.outcome).toEqual({
      kind: 'refused',
      code: 'budget',
    })
  })

  it('reads refused- alone as the code "" (a toolRefusal of "" is a refusal under it)', () => {
    const { filters, ignored } = parseRunListFilters({ outcome: 'refused-' })
    expect(ignored).toEqual([])
    expect(filters.outcome).toEqual({ kind: 'refused', code: '' })
    expect(filters.outcome && outcomeParam(filters.outcome)).toBe('refused-')
  })

  it('ignores a bad outcome with a message and keeps configuration and status as text', () => {
    const parsed = parseRunListFilters({ outcome: 'weird', configuration: ['a', 'b'], status: '' })
    expect(parsed.filters).toEqual({ outcome: null, configuration: 'a', status: null })
    expect(parsed.ignored).toHaveLength(2)
  })

  it('ignores a status no run has and the contract does not name, once the runs are loaded', () => {
    // Still loading: kept, it may be a status the installation records.
    expect(parseRunListFilters({ status: 'weird' }).filters.status).toBe('weird')
    const seen = new Set(['completed', 'archived'])
    const weird = parseRunListFilters({ status: 'weird' }, seen)
    expect(weird.filters.status).toBeNull()
    expect(weird.ignored).toEqual([
      'Ignored status=weird: not one of queued, running, waiting_for_approval, waiting_for_input, completed, failed, cancelled, and no run of this range has it',
    ])
    // A status the installation records, or one the contract names, is a filter.
    expect(parseRunListFilters({ status: 'archived' }, seen).filters.status).toBe('archived')
    expect(parseRunListFilters({ status: 'cancelled' }, seen)).toMatchObject({
      filters: { status: 'cancelled' },
      ignored: [],
    })
  })

  it('matches clean, failed and configuration/status filters', () => {
    const clean = runRowOf(handRun('c', [tool(1, 'x')]), () => 1)
    const failed = runRowOf(handRun('f', [tool(1, 'x', { toolIsError: true })]), () => 1)
    const any = { outcome: null, configuration: null, status: null }
    expect(matchesRunFilters(clean, { ...any, outcome: { kind: 'clean' } })).toBe(true)
    expect(matchesRunFilters(failed, { ...any, outcome: { kind: 'clean' } })).toBe(false)
    expect(matchesRunFilters(failed, { ...any, outcome: { kind: 'failed' } })).toBe(true)
    expect(matchesRunFilters(failed, { ...any, status: 'running' })).toBe(false)
    expect(matchesRunFilters(failed, { ...any, configuration: 'page-editor' })).toBe(true)
    expect(callsOf(failed, { kind: 'failed' })).toBe(1)
    const denied = runRowOf(
      handRun('d', [tool(1, 'x', { toolIsError: true, toolDenied: true }), tool(2, 'x')]),
      () => 1,
    )
    expect(matchesRunFilters(denied, { ...any, outcome: { kind: 'denied' } })).toBe(true)
    expect(matchesRunFilters(denied, { ...any, outcome: { kind: 'failed' } })).toBe(false)
    expect(matchesRunFilters(denied, { ...any, outcome: { kind: 'clean' } })).toBe(false)
    expect(callsOf(denied, { kind: 'denied' })).toBe(1)
    expect(describeSelection(1, 1, { kind: 'denied' }, [])).toBe(
      '1 run holding 1 call denied by an editor',
    )
    const refused = runRowOf(
      handRun('r', [
        tool(1, 'x', { toolRefusal: 'arguments' }),
        tool(1, 'y', { toolRefusal: 'turn' }),
        tool(1, 'z', { toolRefusal: 'budget' }),
        tool(2, 'x'),
      ]),
      () => 1,
    )
    expect(callsOf(refused, { kind: 'refused-any' })).toBe(3)
    expect(matchesRunFilters(refused, { ...any, outcome: { kind: 'refused-any' } })).toBe(true)
    expect(matchesRunFilters(failed, { ...any, outcome: { kind: 'refused-any' } })).toBe(false)
    expect(describeSelection(1, 3, { kind: 'refused-any' }, [])).toBe(
      '1 run holding 3 calls refused (any code)',
    )
  })

  it('says how many runs and calls', () => {
    expect(describeSelection(3, 4, { kind: 'refused', code: 'arguments' }, ['x'])).toBe(
      '3 runs holding 4 calls of x refused for arguments',
    )
    expect(describeSelection(1, 1, null, [])).toBe('1 run holding 1 tool call')
  })
})

describe('runRowFromItem', () => {
  it('gives the row runRowOf gives, refusal codes of any name kept', () => {
    const run = handRun('r', [
      llm(1),
      tool(1, 'x', { toolRefusal: 'arguments' }),
      tool(1, 'y', { toolRefusal: '__proto__' }),
      tool(2, 'z', { toolRefusal: 'constructor' }),
      tool(2, 'x', { toolIsError: true }),
      tool(3, 'x'),
    ])
    const row = runRowOf(run, (step) => (step.kind === 'tool' ? 1 : Number.NaN))
    const item = JSON.parse(
      JSON.stringify({
        uuid: run.uuid,
        status: run.status,
        configuration: run.configuration,
        startedAt: run.startedAt,
        finishedAt: run.finishedAt,
        rounds: 3,
        toolCalls: 5,
        failed: 1,
        denied: 0,
        refused: [
          { code: 'arguments', calls: 1 },
          { code: '__proto__', calls: 1 },
          { code: 'constructor', calls: 1 },
        ],
      }),
    ) as Parameters<typeof runRowFromItem>[0]
    expect(runRowFromItem(item)).toEqual(row)
    expect(Object.keys(runRowFromItem(item).otherCodes ?? {}).sort()).toEqual([
      '__proto__',
      'constructor',
    ])
  })
})
