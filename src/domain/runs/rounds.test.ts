import { describe, expect, it } from 'vitest'
import { formatDuration } from './format'
import { decisionSide, groupRounds } from './rounds'
import {
  approvalDeclined,
  handRun,
  llm,
  refusalInLastRound,
  refusalThenCorrected,
  tool,
  waitingForInput,
} from './test-runs'

describe('groupRounds', () => {
  it('spans a round of 300,000 steps without overflowing the stack', () => {
    const run = handRun(
      'long',
      Array.from({ length: 300_000 }, () => llm(1)),
    )
    const [group] = groupRounds(run)
    expect(group?.steps.length).toBe(300_000)
    // Each step ran for its duration up to when it was recorded.
    expect(group?.startMs).toBe(Date.parse(run.steps[0]?.occurredAt ?? '') - 100)
    expect(group?.endMs).toBe(Date.parse(run.steps.at(-1)?.occurredAt ?? ''))
  })

  it('groups a refusal and links each call to its re-sent call in the next round', () => {
    const groups = groupRounds(refusalThenCorrected)
    expect(groups.map((g) => g.round)).toEqual([0, 1, 2, 3])
    const refused = groups[1]?.refusedTurn
    expect(refused?.refused.map((s) => s.toolName)).toEqual(['update_page_metadata'])
    expect(refused?.notRun.map((s) => s.toolName)).toEqual(['get_page_content'])
    expect(refused?.nextRound).toBe(2)
    expect(refused?.resent.map((r) => [r.refused.sequence, r.resentAs?.sequence])).toEqual([
      [2, 5],
      [3, 6],
    ])
    expect(groups[2]?.refusedTurn).toBeNull()
    expect(groups[2]?.outcomes).toEqual(['succeeded', 'succeeded'])
  })

  it('has no next round for a refusal in the last round', () => {
    const refused = groupRounds(refusalInLastRound)[1]?.refusedTurn
    expect(refused?.nextRound).toBeNull()
    expect(refused?.resent[0]?.resentAs).toBeNull()
  })

  it('skips rounds without tool calls when looking for the re-sent turn, and matches by tool', () => {
    const run = handRun('x', [
      tool(1, 'a', { toolRefusal: 'arguments' }),
      tool(1, 'b', { toolRefusal: 'turn' }),
      llm(2),
      tool(3, 'a'),
    ])
    const refused = groupRounds(run)[0]?.refusedTurn
    expect(refused?.nextRound).toBe(3)
    expect(refused?.resent.map((r) => r.resentAs?.toolName ?? null)).toEqual(['a', null])
  })

  it('puts a decision, recorded at round 0, in the round of the turn it decided', () => {
    const declined = groupRounds(approvalDeclined)
    expect(declined.map((g) => g.round)).toEqual([1, 2, 3])
    expect(declined[1]?.approvals).toEqual([false])
    expect(declined[1]?.outcomes).toEqual(['denied'])
    expect(groupRounds(waitingForInput)[0]?.inputs).toBe(1)
    // Before any round there is no turn to decide: it stays outside a round.
    const first = groupRounds(handRun('f', [{ kind: 'approval', round: 0 }, llm(1)]))
    expect(first.map((g) => [g.round, g.approvals])).toEqual([
      [0, [null]],
      [1, []],
    ])
  })

  it('keeps the attempts of a requeued run apart, each from round 1', () => {
    const run = handRun(
      'requeued',
      [
        { kind: 'context', round: 1 },
        { kind: 'request', round: 1 },
        { kind: 'dropped', round: 0 },
        { kind: 'context', round: 1 },
        { kind: 'request', round: 1 },
        llm(1),
        tool(1, 'a', { toolRefusal: 'arguments' }),
        { kind: 'request', round: 2 },
        llm(2),
        tool(2, 'a'),
      ],
      { attempts: 2 },
    )
    const groups = groupRounds(run)
    expect(groups.map((g) => [g.attempt, g.round, g.key])).toEqual([
      [1, 1, 'attempt-1-round-1'],
      [2, 0, 'attempt-2-round-0'],
      [2, 1, 'attempt-2-round-1'],
      [2, 2, 'attempt-2-round-2'],
    ])
    expect(groups[2]?.refusedTurn?.nextKey).toBe('attempt-2-round-2')
    // Said to have had one attempt, a run is never split, whatever its rounds do.
    expect(groupRounds({ steps: run.steps }).map((g) => g.key)).toEqual([
      'round-0',
      'round-1',
      'round-2',
    ])
  })

  it('orders steps by sequence and gives no rounds for no steps', () => {
    const run = refusalThenCorrected
    const shuffled = { steps: [...run.steps].reverse() }
    expect(groupRounds(shuffled)[1]?.steps.map((s) => s.sequence)).toEqual([1, 2, 3])
    expect(groupRounds({ steps: [] })).toEqual([])
  })
})

describe('groupRounds: what a refused turn claims', () => {
  it('makes no refused turn of a refusal under another code (its siblings ran)', () => {
    const run = handRun('b', [
      tool(1, 'get_pagetree'),
      tool(1, 'mcp_x_fetch', { toolRefusal: 'budget' }),
    ])
    expect(groupRounds(run)[0]?.refusedTurn).toBeNull()
  })

  it('tells a refusal in the last round from one followed by rounds without tool calls', () => {
    const last = groupRounds(handRun('l', [tool(1, 'a', { toolRefusal: 'arguments' })]))
    expect(last[0]?.refusedTurn).toMatchObject({ nextRound: null, laterRounds: false })
    const answered = groupRounds(
      handRun('m', [tool(1, 'a', { toolRefusal: 'arguments' }), llm(2), llm(3)]),
    )
    expect(answered[0]?.refusedTurn).toMatchObject({ nextRound: null, laterRounds: true })
  })
})

describe('approvals and durations', () => {
  it('keeps an approval without a recorded decision apart from a declined one', () => {
    const run = handRun('a', [
      { kind: 'approval', round: 1, approved: true },
      { kind: 'approval', round: 1, approved: false },
      { kind: 'approval', round: 1 },
    ])
    expect(groupRounds(run)[0]?.approvals).toEqual([true, false, null])
  })

  it('shows no length for a negative duration', () => {
    expect(formatDuration(-3_599_000)).toBe('–')
    expect(formatDuration(0)).toBe('0 ms')
  })
})

describe('decisionSide', () => {
  const run = handRun('d', [llm(1)], { startedAt: '2026-11-05T08:00:00.000Z' })
  it('is before, after, spanning or unknown', () => {
    expect(decisionSide(run, '2026-11-05T07:00:00Z')).toBe('after')
    expect(decisionSide(run, '2026-11-06T00:00:00Z')).toBe('before')
    expect(decisionSide(run, '2026-11-05T08:00:01.500Z')).toBe('spans')
    expect(decisionSide(run, null)).toBe('unknown')
  })

  it('counts a run still going that started before the decision as spanning it, once past', () => {
    const open = handRun('o', [llm(1)], { startedAt: '2026-11-05T07:59:00.000Z', finishedAt: null })
    const decision = '2026-11-05T09:00:00Z'
    expect(decisionSide(open, decision, Date.parse('2026-11-05T10:00:00Z'))).toBe('spans')
    expect(decisionSide(open, decision, Date.parse('2026-11-05T08:30:00Z'))).toBe('before')
  })
})
