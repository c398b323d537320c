export {
  createInstallation,
  DEFAULT_SEED,
  type Installation,
  type InstallationOptions,
  type MockMeta,
  type RunsSlice,
} from './create-installation'
export type { RunQuery } from './query'
export type { MockRun, MockStep, StoredLevel } from './sim-types'
export type { ToolDefinition } from './catalogue'
export { ADR_FIGURES, FAILURE_QUOTAS } from './figures'
export { ARGUMENT_CHECK_SINCE_MS, FIGURES_UNTIL_MS } from './time'
