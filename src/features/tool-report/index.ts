export { ToolReport, type ToolReportProps } from './tool-report'
export { useToolSummary, summaryKey } from './use-tool-summary'
