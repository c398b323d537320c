export { ToolReport, type ToolReportProps } from './tool-report'
