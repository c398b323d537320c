export { InstallationHeader } from './installation-header'
