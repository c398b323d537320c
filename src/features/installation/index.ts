export { InstallationHeader } from './installation-header'
export { InstallationPicker } from './installation-picker'
export {
  InstallationScopeContext,
  useInstallationScope,
  useShownInstallation,
  type InstallationScope,
} from './use-installation-scope'
export { RunsPerInstallation } from './runs-per-installation'
