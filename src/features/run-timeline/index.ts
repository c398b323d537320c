export { RunTimeline, type RunTimelineProps } from './run-timeline'
export { RunNotFound, type RunNotFoundProps } from './run-not-found'
export { useEscapeKey } from './use-round-keys'
export {
  DEFAULT_REFRESH_S,
  REFRESH_CHOICES_S,
  RunRefresh,
  type RefreshChoice,
  type RunRefreshProps,
} from './run-refresh'
