/** The CMS's tables, as the `nr_llm` extension declares them (cms-run-tables.md). */
export const RUNS = 'tx_nrllm_agentrun'
export const EVENTS = 'tx_nrllm_agentrun_event'
export const MCP_TOOLS = 'tx_nrllm_mcp_tool'
export const MCP_SERVERS = 'tx_nrllm_mcp_server'

/** A run's start in Unix seconds: `started_at`, or `crdate` while it is queued (`started_at = 0`). */
export const RUN_START = `(CASE WHEN r.started_at > 0 THEN r.started_at ELSE r.crdate END)`

/** Rows of this kind are a tool call's write, given to that call as `writeTarget`, not steps. */
export const WRITE_KIND = 'tool_write'
