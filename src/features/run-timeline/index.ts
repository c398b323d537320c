export { RunTimeline, type RunTimelineProps } from './run-timeline'
export { RunNotFound, type RunNotFoundProps } from './run-not-found'
export { useEscapeKey } from './use-round-keys'
