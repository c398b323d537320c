export { decodeCursor, encodeCursor, type CursorKey } from './cursor'
export {
  DEFAULT_LIMIT,
  instant,
  MAX_LIMIT,
  parseRunsParams,
  single,
  type RunQuery,
  type RunsParams,
} from './runs-params'
export { parseSummaryParams, type SummaryParams } from './summary-params'
export { SUMMARY_GRAIN_MS, summaryGrainProblem, type GrainProblem } from './summary-grain'
export {
  parseRunRowsParams,
  RUN_ROWS_DEFAULT_LIMIT,
  RUN_ROWS_MAX_LIMIT,
  type RunRowsParams,
} from './run-rows-params'
export { parseEffectQuery, type EffectParams as EffectQueryParams } from './effect-params'
export {
  parseRunListParams,
  runListSearch,
  RUN_LIST_DEFAULT_LIMIT,
  RUN_LIST_MAX_LIMIT,
  type RunListParams,
  type RunListQuery,
} from './run-list-params'
