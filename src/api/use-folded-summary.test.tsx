import { act, render, screen, waitFor } from '@testing-library/react'
import { Suspense, use, useLayoutEffect } from 'react'
import { describe, expect, it } from 'vitest'
import { createScope } from '../domain/summary'
import type { LoadState } from './loading/load-all-runs'
import type { LoadJob, LoadRunner } from './loading/load-runner'
import { SummaryStore, type SummaryRequest } from './loading/summary-store'
import { SummaryStoreContext, useFoldedSummary } from './use-folded-summary'

/** A runner the test drives by hand: `push` publishes a state of the running job. */
class HandRunner implements LoadRunner {
  private updates = new Map<number, (state: LoadState<unknown>) => void>()
  private ends = new Map<number, () => void>()
  last = 0
  start(job: LoadJob, onUpdate: (state: LoadState<unknown>) => void) {
    this.last = job.id
    this.updates.set(job.id, onUpdate)
    return new Promise<void>((resolve) => this.ends.set(job.id, resolve))
  }
  push(state: Partial<LoadState<unknown>>) {
    this.updates.get(this.last)?.({ ...base, ...state })
    if (state.status && !['loading', 'waiting'].includes(state.status)) this.ends.get(this.last)?.()
  }
  abort(id: number) {
    this.updates.get(id)?.({ ...base, status: 'cancelled' })
    this.ends.get(id)?.()
  }
  forget() {}
}

const base: LoadState<unknown> = {
  status: 'loading',
  summary: null,
  loadedRuns: 0,
  totalRuns: 10_000,
  pages: 0,
  duplicates: 0,
  cursor: null,
  error: null,
  waitMs: null,
}

const request: SummaryRequest<unknown> = {
  config: { baseUrl: '/api' },
  spec: {
    kind: 'first-refusal',
    scope: createScope({ from: '2026-11-01', to: '2026-11-30', tz: 'UTC', tools: [] }),
  },
}

const never = new Promise<never>(() => undefined)

/** Figures that cannot finish drawing past 1,000 runs (a render that never commits). */
function Figures({ state }: { state: LoadState<unknown> | null }) {
  if ((state?.loadedRuns ?? 0) >= 1000) use(never)
  return <p>Figures of {state?.loadedRuns ?? 0} runs</p>
}

function Page() {
  const summary = useFoldedSummary(request)
  return (
    <>
      <p role="status">
        {summary.live?.status}: {summary.live?.loadedRuns ?? '-'} runs
      </p>
      <button type="button" onClick={summary.cancel}>
        Cancel
      </button>
      <button type="button" onClick={summary.resume}>
        Resume
      </button>
      <Suspense fallback={<p>Drawing</p>}>
        <Figures state={summary.state} />
      </Suspense>
    </>
  )
}

function setup() {
  const runner = new HandRunner()
  const store = new SummaryStore(runner)
  render(
    <SummaryStoreContext value={store}>
      <Page />
    </SummaryStoreContext>,
  )
  return runner
}

describe('useFoldedSummary', () => {
  it('keeps the banner’s count live while the figures cannot redraw', async () => {
    const runner = setup()
    act(() => runner.push({ loadedRuns: 500 }))
    expect(await screen.findByText('Figures of 500 runs')).toBeInTheDocument()
    act(() => runner.push({ loadedRuns: 1500 }))
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('loading: 1500 runs'))
    act(() => runner.push({ loadedRuns: 2500 }))
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('loading: 2500 runs'))
    // The figures stay on what they could draw (no fallback replaces them), the banner moved on.
    expect(screen.getByText('Figures of 500 runs')).toBeInTheDocument()
    expect(screen.queryByText('Drawing')).toBeNull()
  })

  it('shows a resumed load as loading at once, not as cancelled', async () => {
    const runner = setup()
    act(() => runner.push({ loadedRuns: 500 }))
    await screen.findByText('Figures of 500 runs')
    act(() => screen.getByRole('button', { name: 'Cancel' }).click())
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('cancelled'))
    act(() => screen.getByRole('button', { name: 'Resume' }).click())
    act(() => runner.push({ loadedRuns: 500 }))
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('loading: 500 runs'))
  })

  it('draws the load’s last state in the same commit as its banner', async () => {
    const commits: string[] = []
    function Watcher() {
      const summary = useFoldedSummary(request)
      const pair = `${summary.live?.status} ${summary.live?.loadedRuns} / ${summary.state?.loadedRuns}`
      useLayoutEffect(() => {
        commits.push(pair)
      })
      return <p>{pair}</p>
    }
    const runner = new HandRunner()
    render(
      <SummaryStoreContext value={new SummaryStore(runner)}>
        <Watcher />
      </SummaryStoreContext>,
    )
    act(() => runner.push({ loadedRuns: 500 }))
    await screen.findByText('loading 500 / 500')
    act(() => runner.push({ status: 'done', loadedRuns: 800 }))
    await screen.findByText('done 800 / 800')
    // Never a moment where the banner says done beside the figures of fewer runs.
    expect(commits.filter((c) => c.startsWith('done'))).toEqual(['done 800 / 800'])
  })
})
