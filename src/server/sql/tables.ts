import type { Dialect } from './dialect'

/** The CMS's tables, as the `nr_llm` extension declares them (docs/reference/cms-rows.md). */
export const RUNS = 'tx_nrllm_agentrun'
export const EVENTS = 'tx_nrllm_agentrun_event'
export const MCP_TOOLS = 'tx_nrllm_mcp_tool'
export const MCP_SERVERS = 'tx_nrllm_mcp_server'
/** Tool switches: a tool's `enabled` over its default (may be missing: every tool at its default). */
export const TOOL_STATES = 'tx_nrllm_tool_state'
/** Tool group switches: a group switched off turns all its tools off (may be missing too). */
export const TOOL_GROUP_STATES = 'tx_nrllm_tool_group_state'

/**
 * A run's start in Unix seconds: `started_at`, the claim of its attempt; `crdate` (when it was
 * queued) while it is queued (`started_at = 0`) and once it was requeued (`requeue_count > 0`):
 * each new claim stamps `started_at` again, so the first attempt's claim is lost and its creation
 * is the start that keeps it on its own side of the decision date.
 */
export const RUN_START = `(CASE WHEN r.started_at > 0 AND r.requeue_count = 0 THEN r.started_at ELSE r.crdate END)`

/** Rows of this kind are a tool call's write, given to that call as `writeTarget`, not steps. */
export const WRITE_KIND = 'tool_write'

/** SQL: the event row `alias` is a step, not a tool call's write. */
export const isStepRow = (d: Dialect, alias: string): string =>
  `${d.exact(`${alias}.kind`)} <> '${WRITE_KIND}'`
