export interface ChartPlaceholderProps {
  title: string
  /** The height of the chart it stands in for, in px (OutcomeSeriesChart: 280). */
  height: number
}

/**
 * The space of a chart still loading: its caption and an empty box as high as the chart, so the
 * page does not shift when the chart arrives. The load banner says what is happening.
 */
export function ChartPlaceholder({ title, height }: ChartPlaceholderProps) {
  return (
    <figure className="chart" aria-busy="true">
      <figcaption>{title}</figcaption>
      <div style={{ height }} />
    </figure>
  )
}
