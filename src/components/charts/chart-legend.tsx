export interface ChartLegendProps {
  series: ReadonlyArray<{ key: string; label: string; color: string }>
}

/** The legend below a chart: a colour swatch and the name of every series it draws. */
export function ChartLegend({ series }: ChartLegendProps) {
  return (
    <ul className="chart-legend">
      {series.map((s) => (
        <li key={s.key}>
          <span className="chart-legend__swatch" style={{ backgroundColor: s.color }} />
          {s.label}
        </li>
      ))}
    </ul>
  )
}
