export interface AxisTickProps {
  x?: number | string
  y?: number | string
  payload?: { value?: unknown }
  /** Axis value → the words drawn; untrusted names stay text nodes. */
  format: (value: unknown) => string
  anchor: 'start' | 'middle' | 'end'
  /** Offsets from the tick's point, in px. */
  dx?: number
  dy?: number
  /**
   * recharts' classes of the tick, not drawn: its axis reads the computed font of the first
   * `recharts-cartesian-axis-tick-value` it finds (a forced style recalculation of the whole new
   * chart, then a second render of the axis) to measure labels, which explicit intervals and
   * widths never need. The axis stays findable by its own group (`.recharts-xAxis-tick-labels`).
   */
  className?: string
  /** Our class for the label's size. */
  size?: 'small'
}

/**
 * A tick label as one plain `<text>`: recharts' own `<Text>` measures every word in the DOM (a
 * forced layout per label); our labels need no wrapping, so they are drawn without measuring.
 */
export function AxisTick(props: AxisTickProps) {
  const { x, y, payload, format, anchor, dx = 0, dy = 0, size } = props
  const classes = ['chart__tick', size === 'small' ? 'chart__tick--small' : '']
  return (
    <text
      x={Number(x ?? 0) + dx}
      y={Number(y ?? 0) + dy}
      textAnchor={anchor}
      className={classes.filter(Boolean).join(' ')}
    >
      {format(payload?.value)}
    </text>
  )
}
