export { OUTCOME_SERIES, type OutcomeSeriesKey } from './outcome-colors'
export { ToolBarsChart, type ToolBarsChartProps } from './tool-bars-chart'
export { OutcomeSeriesChart, type OutcomeSeriesChartProps } from './outcome-series-chart'
