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
  /** recharts' classes of the tick (kept, so its axis can be found). */
  className?: string
  /** Our class for the label's size. */
  size?: 'small'
}

/**
 * A tick label as one plain `<text>`: recharts' own `<Text>` measures every word in the DOM (a
 * forced layout per label); our labels need no wrapping, so they are drawn without measuring.
 */
export function AxisTick(props: AxisTickProps) {
  const { x, y, payload, format, anchor, dx = 0, dy = 0, className, size } = props
  const classes = ['chart__tick', size === 'small' ? 'chart__tick--small' : '', className ?? '']
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
