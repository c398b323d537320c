// Hand-built runs for the effect tests (imported by *.test.ts only).
import type { Run, Step } from '../contract'
import type { CatalogueFlags } from './effect-scope'

export const DECISION = '2026-11-05T09:00:00Z'
export const DECISION_MS = Date.parse(DECISION)

export const CATALOGUE: CatalogueFlags[] = [
  { name: 'update_page_metadata', source: 'builtin', approval: true, input: false },
  { name: 'get_page_content', source: 'builtin', approval: false, input: false },
  { name: 'ask_choice', source: 'builtin', approval: false, input: true },
  { name: 'mcp_docs_search', source: 'mcp', approval: true, input: false },
]

type Call = [round: number, tool: string, outcome: 'ok' | 'failed' | string]

/** A run of tool calls, one minute apart from `at`; `outcome` is ok, failed or a refusal code. */
export function runOf(uuid: string, status: string, at: string, calls: Call[]): Run {
  const start = Date.parse(at)
  const steps: Step[] = calls.map(([round, toolName, outcome], sequence) => ({
    sequence,
    kind: 'tool',
    round,
    occurredAt: new Date(start + sequence * 60_000).toISOString(),
    durationMs: 3,
    toolName,
    toolIsError: outcome !== 'ok',
    ...(outcome === 'ok' || outcome === 'failed' ? {} : { toolRefusal: outcome }),
  }))
  return {
    uuid,
    status,
    configuration: 'page-editor',
    startedAt: at,
    finishedAt: null,
    terminationReason: null,
    steps: [{ sequence: 100, kind: 'llm', round: 1, occurredAt: at, durationMs: 1 }, ...steps],
  }
}

const AFTER = '2026-11-06T10:00:00Z'
const BEFORE = '2026-11-01T10:00:00Z'
const UPM = 'update_page_metadata'
const GPC = 'get_page_content'

/** Runs after the decision, one edge case each (numbers worked out in fold-effect.test.ts). */
export const AFTER_RUNS: Run[] = [
  // A: refused, corrected in the next round; the turn's not-run read is sent again.
  runOf('A', 'completed', AFTER, [
    [1, UPM, 'arguments'],
    [1, GPC, 'turn'],
    [2, UPM, 'ok'],
    [2, GPC, 'ok'],
  ]),
  // B: cancelled right after a refusal.
  runOf('B', 'cancelled', AFTER, [
    [1, GPC, 'ok'],
    [2, UPM, 'arguments'],
    [2, 'mcp_docs_search', 'turn'],
  ]),
  // C: two refused calls of the same tool in one turn; one is re-sent next round, one later.
  runOf('C', 'completed', AFTER, [
    [1, UPM, 'arguments'],
    [1, UPM, 'arguments'],
    [2, UPM, 'ok'],
    [3, GPC, 'ok'],
    [4, UPM, 'ok'],
  ]),
  // D: a refusal in the run's last round (an input-bound tool), plus an unrelated failure.
  runOf('D', 'failed', AFTER, [
    [1, 'legacy_tool', 'failed'],
    [1, 'ask_choice', 'ok'],
    [2, 'ask_choice', 'arguments'],
    [2, GPC, 'turn'],
  ]),
  // E: a refusal never followed by a call of that tool.
  runOf('E', 'completed', AFTER, [
    [1, UPM, 'arguments'],
    [2, GPC, 'ok'],
  ]),
  // F: called again, but the call failed: not recovered, yet called again.
  runOf('F', 'completed', AFTER, [
    [1, UPM, 'arguments'],
    [2, UPM, 'failed'],
  ]),
  // J: a refusal under another code (not the check's): no savings, still a refusal.
  runOf('J', 'completed', AFTER, [[1, 'mcp_docs_search', 'budget']]),
  // K: a clean run.
  runOf('K', 'completed', AFTER, [[1, GPC, 'ok']]),
  // L: an MCP tool the catalogue does not list (an MCP tool by its name).
  runOf('L', 'completed', AFTER, [[1, 'mcp_weather_get', 'arguments']]),
]

export const BEFORE_RUNS: Run[] = [
  runOf('G', 'completed', BEFORE, [
    [1, UPM, 'failed'],
    [1, GPC, 'ok'],
    [2, UPM, 'ok'],
  ]),
  runOf('H', 'completed', BEFORE, [
    [1, GPC, 'ok'],
    [1, GPC, 'ok'],
  ]),
  // Outside both windows: not counted.
  runOf('old', 'completed', '2026-10-01T10:00:00Z', [[1, UPM, 'failed']]),
]
