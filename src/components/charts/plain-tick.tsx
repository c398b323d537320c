import type { ReactElement } from 'react'

/** What recharts hands a tick renderer (the parts a plain label needs). */
export interface TickProps {
  x?: number | string
  y?: number | string
  textAnchor?: string
  verticalAnchor?: string
  payload?: { value?: unknown }
}

const DY: Record<string, string> = { start: '0.71em', middle: '0.355em', end: '0' }

/**
 * A tick renderer that draws its label as one plain SVG `<text>`. Recharts' own `<Text>`
 * measures every word of every tick in the DOM (a forced layout each) to wrap labels we never
 * wrap; with a long axis that was most of a chart's first render. `format` turns the tick's
 * value into its label; the label is text, never markup.
 */
export function plainTick(format: (value: string) => string = (value) => value, fontSize = 12) {
  return function PlainTick({ x, y, textAnchor, verticalAnchor, payload }: TickProps): ReactElement {
    const anchor = textAnchor === 'start' || textAnchor === 'end' ? textAnchor : 'middle'
    return (
      <text
        x={x}
        y={y}
        dy={DY[verticalAnchor ?? 'middle'] ?? DY.middle}
        textAnchor={anchor}
        fill="currentColor"
        fontSize={fontSize}
        className="recharts-cartesian-axis-tick-value"
      >
        {format(String(payload?.value ?? ''))}
      </text>
    )
  }
}
