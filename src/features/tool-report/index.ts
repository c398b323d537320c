export { ToolReport, type ToolReportProps } from './tool-report'
export { InstallationBreakdown } from './installation-breakdown'
