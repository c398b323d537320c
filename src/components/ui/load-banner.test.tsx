import { fireEvent, render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { LoadBanner, type LoadProgress } from './load-banner'

const at = (status: LoadProgress['status']): LoadProgress => ({
  status,
  loadedRuns: 500,
  totalRuns: 1000,
  waitMs: null,
  duplicates: 0,
})

function Page({ state, retryable }: { state: LoadProgress; retryable?: boolean }) {
  return (
    <main>
      <h1>Tools</h1>
      <LoadBanner
        state={state}
        loadingLabel="Loading runs"
        partialNote="the figures below count only the runs loaded so far"
        errorTitle="Could not load"
        errorMessage="HTTP 500."
        retryable={retryable}
        cancel={() => undefined}
        resume={() => undefined}
        reload={() => undefined}
      />
    </main>
  )
}

describe('LoadBanner error', () => {
  it('offers Retry, unless asking again cannot help', () => {
    const { rerender } = render(<Page state={at('error')} />)
    expect(screen.getByRole('alert')).toHaveTextContent('Could not load')
    expect(screen.getByRole('button', { name: 'Retry' })).toBeVisible()
    rerender(<Page state={at('error')} retryable={false} />)
    expect(screen.getByRole('alert')).toHaveTextContent('HTTP 500.')
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull()
  })
})

describe('LoadBanner focus', () => {
  it('moves focus from Cancel to Resume and back, then to the heading when the load ends', () => {
    const view = render(<Page state={at('loading')} />)
    const cancel = screen.getByRole('button', { name: 'Cancel' })
    cancel.focus()
    fireEvent.click(cancel)
    view.rerender(<Page state={at('cancelled')} />)
    expect(screen.getByRole('button', { name: 'Resume' })).toHaveFocus()
    view.rerender(<Page state={at('loading')} />)
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus()
    view.rerender(<Page state={{ ...at('done'), loadedRuns: 1000 }} />)
    expect(screen.getByRole('heading', { name: 'Tools' })).toHaveFocus()
  })

  it('leaves focus alone when the reader was elsewhere', () => {
    const view = render(
      <>
        <button type="button">Elsewhere</button>
        <Page state={at('loading')} />
      </>,
    )
    screen.getByRole('button', { name: 'Elsewhere' }).focus()
    view.rerender(
      <>
        <button type="button">Elsewhere</button>
        <Page state={at('cancelled')} />
      </>,
    )
    expect(screen.getByRole('button', { name: 'Elsewhere' })).toHaveFocus()
  })
})

describe('LoadBanner counts', () => {
  it('shows loaded of total while the total holds', () => {
    render(<Page state={at('partial')} />)
    expect(screen.getByText('Incomplete: 500 of 1,000 runs')).toBeInTheDocument()
  })

  it.each(['partial', 'cancelled'] as const)(
    'never shows more runs loaded than the total when the server’s count fell (%s)',
    (status) => {
      render(<Page state={{ ...at(status), loadedRuns: 650, totalRuns: 612 }} />)
      expect(
        screen.getByText(
          'Incomplete: 650 runs (the server counted 612; its runs changed during the load)',
        ),
      ).toBeInTheDocument()
      expect(screen.queryByText(/650 of 612/)).toBeNull()
    },
  )

  it.each(['loading', 'waiting'] as const)(
    'drops the progress bar and names the count when the loaded runs pass the total (%s)',
    (status) => {
      render(<Page state={{ ...at(status), loadedRuns: 650, totalRuns: 612, waitMs: 2000 }} />)
      const box = screen.getByRole('status')
      expect(box).toHaveTextContent(
        '650 runs (the server counted 612; its runs changed during the load)',
      )
      expect(box).not.toHaveTextContent(/650 of 612/)
      expect(screen.queryByRole('progressbar')).toBeNull()
    },
  )

  it('says the figures below are partial while the rest loads', () => {
    render(<Page state={at('loading')} />)
    expect(screen.getByRole('status')).toHaveTextContent(
      'The figures below count only the runs loaded so far (partial).',
    )
  })

  it('says nothing of partial figures before the first page', () => {
    render(<Page state={{ ...at('loading'), loadedRuns: 0, totalRuns: null }} />)
    expect(screen.getByRole('status')).not.toHaveTextContent(/partial/)
  })

  it('keeps the progress bar while loading within the total', () => {
    render(<Page state={at('loading')} />)
    expect(screen.getByRole('progressbar')).toHaveAttribute('value', '500')
    expect(screen.getByRole('status')).toHaveTextContent('500 of 1,000')
  })
})

describe('LoadBanner and a server that counts', () => {
  it('shows how far the server’s first count has come, not a wait for a retry', () => {
    const view = render(<Page state={{ ...at('waiting'), loadedRuns: 0, counting: 0.419 }} />)
    expect(screen.getByRole('status')).toHaveTextContent(
      'The server is counting this installation: 41 %',
    )
    expect(screen.queryByText(/asked us to wait/)).toBeNull()
    view.rerender(<Page state={{ ...at('waiting'), loadedRuns: 0, counting: null }} />)
    expect(screen.getByRole('status')).toHaveTextContent(/counting this installation(?!:)/)
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeInTheDocument()
  })

  it('says why the runs are folded here while they load and once they are', () => {
    const why = 'The server cannot count local days in Asia/Kolkata; folded here.'
    const view = render(<Page state={{ ...at('loading'), foldedHere: why }} />)
    expect(screen.getByText(why)).toBeInTheDocument()
    view.rerender(<Page state={{ ...at('done'), loadedRuns: 1000, foldedHere: why }} />)
    expect(screen.getByText(why)).toBeInTheDocument()
  })
})
