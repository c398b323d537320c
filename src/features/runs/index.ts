export { RunsList, type RunsListProps } from './runs-list'
export { useRunsList } from './use-runs-list'
