export { RunsList, type RunsListProps } from './runs-list'
export { useRunsList, runsListKey } from './use-runs-list'
