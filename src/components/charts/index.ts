export { OUTCOME_SERIES, type OutcomeSeriesKey } from './outcome-colors'
export { preloadToolBarsChart, ToolBarsChart, type ToolBarsChartProps } from './tool-bars-chart'
export {
  OutcomeSeriesChart,
  SERIES_CHART_HEIGHT,
  type OutcomeSeriesChartProps,
} from './outcome-series-chart'
export { ChartPlaceholder } from './chart-placeholder'
export { useSeriesActions } from './use-series-actions'
