import { render, waitFor } from '@testing-library/react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import type { ToolBar } from '../../domain/summary'
import { ToolBarsChart } from './tool-bars-chart'

const bar = (label: string, counts: Partial<ToolBar>, tool: string | null = label): ToolBar => ({
  label,
  tool,
  tools: 1,
  calls: 0,
  succeeded: 0,
  failed: 0,
  refusedArguments: 0,
  refusedTurn: 0,
  refusedOther: 0,
  ...counts,
})

const HOSTILE = '<img src=x onerror=alert(1)>'
const LONG = 'a_tool_with_a_name_far_longer_than_the_column'
const BARS = [
  bar(HOSTILE, { calls: 12, succeeded: 10, refusedTurn: 2 }),
  bar(LONG, { calls: 3, succeeded: 3 }),
  bar('other tools', { calls: 1, failed: 1, tools: 4 }, null),
]

beforeEach(() => {
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue(
    new DOMRect(0, 0, 700, 0),
  )
})

async function drawn(container: HTMLElement) {
  await waitFor(() => expect(container.querySelector('svg')).not.toBeNull())
  return container.querySelector('svg') as SVGSVGElement
}

describe('ToolBarsChart', () => {
  it('keeps 60 px + 26 px a bar with its legend, and names every segment', async () => {
    const { container } = render(<ToolBarsChart bars={BARS} title="Calls per tool" />)
    const svg = await drawn(container)
    // The svg draws 30 px + 26 a bar; one line of legend (30 px) makes up the rest.
    expect(svg).toHaveAttribute('height', String(30 + 3 * 26))
    expect(svg).toHaveAttribute('role', 'img')
    expect(svg.getAttribute('aria-label')).toMatch(/calls per tool by outcome for 3 bars/)
    expect([...svg.querySelectorAll('.chart-segment title')].map((t) => t.textContent)).toEqual([
      `${HOSTILE} · Succeeded · 10 calls`,
      `${HOSTILE} · Refused: turn · 2 calls`,
      `${LONG} · Succeeded · 3 calls`,
      'other tools (4 tools) · Failed · 1 call',
    ])
    expect([...container.querySelectorAll('.chart-legend li')].map((li) => li.textContent)).toEqual(
      ['Succeeded', 'Failed', 'Refused: turn'],
    )
    // Ticks at a step of 5 up to 15 for a longest bar of 12.
    const ticks = [...svg.querySelectorAll(':scope > g > text')].map((t) => t.textContent)
    expect(ticks).toEqual(['0', '5', '10', '15'])
  })

  it('shows tool names as text, cut at 28 characters with the full name in a title', async () => {
    const { container } = render(<ToolBarsChart bars={BARS} title="Calls per tool" />)
    const svg = await drawn(container)
    expect(container.querySelector('img')).toBeNull()
    const labels = [...svg.querySelectorAll('svg svg g')].map((g) => ({
      title: g.querySelector('title')?.textContent,
      text: g.querySelector('text')?.textContent,
    }))
    expect(labels).toEqual([
      { title: HOSTILE, text: HOSTILE },
      { title: LONG, text: `${LONG.slice(0, 27)}…` },
      { title: 'other tools', text: 'other tools' },
    ])
  })

  it('squeezes a name of wide characters into the label column so its ellipsis shows', async () => {
    const wide = 'W'.repeat(40)
    const { container } = render(
      <ToolBarsChart bars={[bar(wide, { calls: 1, succeeded: 1 }), ...BARS]} title="Calls" />,
    )
    const svg = await drawn(container)
    const texts = [...svg.querySelectorAll('svg svg text')]
    expect(texts[0]?.textContent).toBe(`${'W'.repeat(27)}…`)
    expect(texts[0]).toHaveAttribute('textLength', '192')
    expect(texts[1]).not.toHaveAttribute('textLength')
  })

  it('draws no bars and a single 0 tick when no tool has calls', async () => {
    const { container } = render(<ToolBarsChart bars={[bar('quiet', {})]} title="Calls per tool" />)
    const svg = await drawn(container)
    expect(svg.querySelectorAll('.chart-segment')).toHaveLength(0)
    expect(svg.innerHTML).not.toContain('NaN')
    expect(container.querySelectorAll('.chart-legend li')).toHaveLength(0)
  })
})
