export { InstallationHeader } from './installation-header'
export { InstallationPicker } from './installation-picker'
export {
  InstallationScopeContext,
  useInstallationScope,
  useShownInstallation,
  type InstallationScope,
} from './use-installation-scope'
