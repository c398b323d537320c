import { fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { emptySummary, toolRows, type ToolSummary } from '@/domain/summary'
import { ToolBarsChart } from './tool-bars-chart'

const HOSTILE = '<img src=x onerror=alert(1)>'
const LONG = 'a_tool_with_a_name_far_longer_than_the_column'

const rowsOf = (byTool: ToolSummary['byTool']) => toolRows({ ...emptySummary(), byTool }, [])

const ROWS = rowsOf({
  [HOSTILE]: { succeeded: 10, 'refused:turn': 2 },
  [LONG]: { succeeded: 3, 'refused:arguments': 1 },
  quiet_tool: { failed: 1 },
  ...Object.fromEntries(
    Array.from({ length: 15 }, (_, i) => [`many_${String(i).padStart(2, '0')}`, { succeeded: 1 }]),
  ),
})

beforeEach(() => {
  // jsdom has no layout: give the chart's box a width so it draws.
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue(
    new DOMRect(0, 0, 700, 0),
  )
})

async function drawn(container: HTMLElement) {
  await waitFor(() => expect(container.querySelector('.recharts-bar-rectangle')).not.toBeNull())
  return container.querySelector('svg.recharts-surface') as SVGSVGElement
}

const labels = (svg: Element) =>
  [...svg.querySelectorAll('.chart__tool-label')].map((g) => ({
    title: g.querySelector('title')?.textContent,
    text: g.querySelector('text')?.textContent,
  }))

describe('ToolBarsChart', () => {
  it('draws the 15 tools with most calls, names the rest in words, never to its scale', async () => {
    const { container } = render(<ToolBarsChart rows={ROWS} title="Calls per tool" />)
    const svg = await drawn(container)
    expect(labels(svg)).toHaveLength(15)
    expect(labels(svg).slice(0, 2)).toEqual([
      { title: HOSTILE, text: HOSTILE },
      { title: LONG, text: `${LONG.slice(0, 27)}…` },
    ])
    expect(container.querySelector('img')).toBeNull()
    expect(screen.getByText(/^Not drawn: 3 other tools, together 3 calls/)).toBeInTheDocument()
    // The axis ends at the longest drawn bar (12), not at a sum of the other tools.
    const ticks = [...svg.querySelectorAll('.recharts-xAxis-tick-labels text')].map(
      (t) => t.textContent,
    )
    expect(ticks).toEqual(['0', '5', '10', '15'])
    expect(svg.innerHTML).not.toContain('NaN')
    expect([...container.querySelectorAll('.chart-legend li')].map((li) => li.textContent)).toEqual(
      // The one failed call is quiet_tool's, among the tools not drawn.
      ['Succeeded', 'Refused: arguments', 'Refused: turn'],
    )
    expect(screen.getByText(/other tools, together 3 calls, 1 failed/)).toBeInTheDocument()
  })

  it('squeezes a name of wide characters into the label column so its ellipsis shows', async () => {
    const wide = 'W'.repeat(40)
    const { container } = render(
      <ToolBarsChart
        rows={rowsOf({ [wide]: { succeeded: 5 }, short: { succeeded: 1 } })}
        title="T"
      />,
    )
    const svg = await drawn(container)
    const texts = [...svg.querySelectorAll('.chart__tool-label text')]
    expect(texts[0]?.textContent).toBe(`${'W'.repeat(27)}…`)
    expect(texts[0]).toHaveAttribute('textLength', '192')
    expect(texts[1]).not.toHaveAttribute('textLength')
  })

  it('ranks by argument refusals on request, so the tools with most of them are found', async () => {
    const user = userEvent.setup()
    const { container } = render(<ToolBarsChart rows={ROWS} title="Calls per tool" />)
    await drawn(container)
    await user.click(screen.getByRole('radio', { name: 'Argument refusals' }))
    await waitFor(() => expect(labels(container).map((l) => l.title)).toEqual([LONG]))
    expect(screen.getByText(/^Not drawn: 17 other tools \(the tools with no calls refused/))
    // The ranked outcome is drawn first, at the axis.
    expect([...container.querySelectorAll('.chart-legend li')].map((li) => li.textContent)).toEqual(
      ['Refused: arguments', 'Succeeded'],
    )
    await user.click(screen.getByRole('radio', { name: 'Failures' }))
    await waitFor(() => expect(labels(container).map((l) => l.title)).toEqual(['quiet_tool']))
  })

  it('shows a tool’s numbers in a tooltip when the chart is focused and an arrow pressed', async () => {
    const { container } = render(<ToolBarsChart rows={ROWS} title="Calls per tool" />)
    const svg = await drawn(container)
    expect(svg).toHaveAttribute('tabindex', '0')
    svg.focus()
    fireEvent.keyDown(svg, { key: 'ArrowRight' })
    const tip = await waitFor(() => {
      const el = container.querySelector('.chart-tooltip')
      expect(el).not.toBeNull()
      return el as HTMLElement
    })
    expect(within(tip).getByText(HOSTILE)).toBeInTheDocument()
    expect(tip.textContent).toContain('Succeeded10 calls')
    expect(tip.textContent).toContain('Refused: turn2 calls')
    expect(tip.textContent).toContain('All calls12 calls')
  })

  it('moves down the tools with the down arrow and back up with the up arrow', async () => {
    const { container } = render(<ToolBarsChart rows={ROWS} title="Calls per tool" />)
    const svg = await drawn(container)
    const title = () => container.querySelector('.chart-tooltip__title')?.textContent ?? ''
    // Focus shows the first tool, at the top.
    svg.focus()
    await waitFor(() => expect(title()).toBe(HOSTILE))
    const shown: string[] = []
    for (const key of ['ArrowDown', 'ArrowDown', 'ArrowUp']) {
      // Handled by the chart: the page does not scroll.
      expect(fireEvent.keyDown(svg, { key })).toBe(false)
      await waitFor(() => expect(title()).not.toBe(shown.at(-1) ?? HOSTILE))
      shown.push(title())
    }
    expect(shown).toEqual([LONG, 'many_00', LONG])
    expect(container.querySelector('figure')?.textContent ?? '').not.toContain('Left arrow')
  })

  it('opens the runs behind a clicked segment: its tool and outcome', async () => {
    const open = vi.fn()
    const { container } = render(
      <ToolBarsChart rows={ROWS} title="Calls per tool" onSegmentClick={open} />,
    )
    await drawn(container)
    const segments = container.querySelectorAll('.chart-series .recharts-bar-rectangle')
    // The first series drawn is Succeeded; its first rectangle is the first tool's.
    fireEvent.click(segments[0] as Element)
    expect(open).toHaveBeenCalledWith(HOSTILE, 'succeeded')
  })

  it('says so when no tool has the ranked outcome, and draws no bars', async () => {
    const user = userEvent.setup()
    render(<ToolBarsChart rows={rowsOf({ quiet: { succeeded: 2 } })} title="Calls per tool" />)
    await user.click(screen.getByRole('radio', { name: 'Refusals' }))
    expect(screen.getByText('No tool has refused calls in this range.')).toBeInTheDocument()
  })
})
