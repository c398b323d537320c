import { render } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { groupRounds, stepAnchorIds } from '@/domain/runs'
import { handRun, llm, tool } from '@/domain/runs/test-runs'
import { RefusedTurnNote, type RefusedTurnNoteProps } from './refused-turn-note'

const ended = {
  status: 'completed',
  terminationReason: 'completed',
  finishedAt: '2026-11-10T10:01:00Z',
}
const going = { status: 'running', terminationReason: null, finishedAt: null }

function noteOf(run: ReturnType<typeof handRun>, state: RefusedTurnNoteProps['run'] = ended) {
  const turn = groupRounds(run)[0]?.refusedTurn
  if (!turn) throw new Error('no refused turn')
  return render(
    <RefusedTurnNote round={1} turn={turn} run={state} anchors={stepAnchorIds(run.steps)} />,
  ).container
}

describe('RefusedTurnNote', () => {
  it('isolates each tool name, so a right-to-left override cannot reverse the rest', () => {
    const note = noteOf(
      handRun('r', [
        tool(1, '\u202Eevil', { toolRefusal: 'arguments' }),
        tool(1, 'update_page_metadata', { toolRefusal: 'turn' }),
      ]),
    )
    expect([...note.querySelectorAll('bdi')].map((b) => b.textContent)).toEqual([
      '\u202Eevil',
      'update_page_metadata',
    ])
  })

  it('does not say the run ended after the round when later rounds came without tool calls', () => {
    const note = noteOf(handRun('m', [tool(1, 'a', { toolRefusal: 'arguments' }), llm(2), llm(3)]))
    expect(note.textContent).toContain('no later round held a tool call, and the run ended')
    expect(note.textContent).not.toContain('after this round')
  })

  it('links a re-sent call to its own row when the run repeats a sequence number', () => {
    const run = handRun('d', [
      tool(1, 'a', { toolRefusal: 'arguments' }),
      llm(2),
      tool(2, 'a', { toolIsError: false }),
    ])
    // The re-sent call repeats the refused call's sequence number (a contract breach).
    const [refused, , resent] = run.steps
    if (!refused || !resent) throw new Error('steps missing')
    resent.sequence = refused.sequence
    const link = noteOf(run).querySelector('a[href^="#step-"]')
    expect(link?.getAttribute('href')).toBe(`#step-${refused.sequence}-2`)
  })

  it('says the run ended by its final status even when its end time is missing', () => {
    const run = handRun('n', [tool(1, 'a', { toolRefusal: 'arguments' }), llm(2)])
    expect(noteOf(run, { ...ended, finishedAt: null }).textContent).toContain('the run ended')
    expect(noteOf(run, going).textContent).toContain('the run is still running')
  })
})
