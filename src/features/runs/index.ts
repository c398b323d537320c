export { RunsList, type RunsListProps } from './runs-list'
export { useRunsList } from './use-runs-list'
export { GoToRun, type GoToRunProps } from './go-to-run'
