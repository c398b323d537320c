import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { handRun, llm } from '@/domain/runs/test-runs'
import { RunHeader } from './run-header'

/** The header of a one-round run without tool calls, the check live since 5 Nov 09:00 UTC. */
function renderHeader(run: ReturnType<typeof handRun>) {
  render(
    <RunHeader
      run={run}
      meta={{ argumentCheckSince: '2026-11-05T09:00:00.000Z' }}
      zone="UTC"
      rounds={1}
      toolCalls={0}
    />,
  )
}

describe('RunHeader badge', () => {
  it('says a run still going that started before the decision date is still going after it', () => {
    const run = handRun('o', [llm(1)], {
      startedAt: '2026-11-05T07:59:00.000Z',
      finishedAt: null,
      status: 'waiting_for_approval',
    })
    renderHeader(run)
    expect(
      screen.getByText(/Started before the decision date and still going after it/),
    ).toBeInTheDocument()
    expect(screen.queryByText(/Ran before the decision date/)).not.toBeInTheDocument()
  })

  it('does not call a run with a final status still going when its end time is missing', () => {
    const run = handRun('c', [llm(1)], {
      startedAt: '2026-11-05T07:59:00.000Z',
      finishedAt: null,
      status: 'completed',
    })
    renderHeader(run)
    expect(screen.queryByText(/still going after it/)).not.toBeInTheDocument()
  })
})
