export { InstallationHeader } from './installation-header'
export { useMeta } from './use-meta'
