import { describe, expect, it } from 'vitest'
import { render } from '@testing-library/react'
import type { Run } from '@/domain/contract'
import { groupRounds, stepAnchorIds } from '@/domain/runs'
import { RoundWaterfall } from './round-waterfall'

const at = (ms: number) => new Date(Date.UTC(2026, 10, 30) + ms).toISOString()

/** One round: a model turn recorded at 1 s after 1 s of work, a call recorded at 4 s after 1 s. */
const run: Run = {
  uuid: 'r-waterfall',
  status: 'completed',
  configuration: 'page-editor',
  startedAt: at(0),
  finishedAt: at(4000),
  terminationReason: 'completed',
  steps: [
    { sequence: 0, kind: 'llm', round: 1, occurredAt: at(1000), durationMs: 1000 },
    {
      sequence: 1,
      kind: 'tool',
      round: 1,
      occurredAt: at(4000),
      durationMs: 1000,
      toolName: 'get_tca',
      toolIsError: false,
    },
  ],
}

describe('RoundWaterfall', () => {
  it('draws each bar ending when its step was recorded, as long as it took', () => {
    const [group] = groupRounds(run)
    if (!group) throw new Error('no round')
    const { container } = render(
      <RoundWaterfall group={group} anchors={stepAnchorIds(run.steps)} />,
    )
    const bars = [...container.querySelectorAll<HTMLElement>('.waterfall__bar')]
    // The round spans 0 s (the first step's start) to 4 s (the last one's recording).
    expect(bars.map((bar) => [bar.style.left, bar.style.width])).toEqual([
      ['0%', '25%'],
      ['75%', '25%'],
    ])
    expect(container.querySelector('figcaption')?.textContent).toBe(
      'Waterfall of the round: 2 steps over 4.00 s',
    )
  })
})
