import { HOSTILE_CORPUS, hostile } from '../../../test/fixtures/hostile-corpus'
import { createInstallation, type Installation, type MockStep } from '../installation'
import { rewriteInstallation } from './rewrite-installation'

/** Every text field the contract says is never used carries this, so a test can hunt for it. */
export const LEAK_MARKER = 'LEAKED-TEXT-FIELD'

const CONFIGURATION_IDS = ['formula-equals', 'rtl-override', 'script-tag', 'long-10000', 'proto']
const SERVER_IDS = ['img-onerror', 'long-no-break']
const STATUS_IDS = ['attr-breakout', 'formula-at', 'constructor', 'zero-width']
const REFUSAL_IDS = ['formula-plus', 'svg-onload', 'to-string']

const pick = (ids: readonly string[], n: number): string => hostile(ids[n % ids.length] ?? '')

/** `name → corpus value` for the first names, in order; names past the corpus keep their own. */
function corpusMap(names: readonly string[]): Map<string, string> {
  return new Map(
    names.flatMap((name, i) => {
      const entry = HOSTILE_CORPUS[i]
      return entry ? [[name, entry.value] as const] : []
    }),
  )
}

/** A tool step as a `full` installation would wrongly send it: with every text field. */
function withTextFields(step: MockStep, payload: string): MockStep {
  const text = `${LEAK_MARKER} ${payload}`
  if (step.kind === 'tool') {
    return { ...step, toolArguments: { text }, toolResult: text, toolArtifacts: [text], raw: text }
  }
  if (step.kind === 'llm') {
    return {
      ...step,
      content: text,
      thinking: text,
      messagesSent: [text],
      requestedToolCalls: [text],
    }
  }
  return step
}

/**
 * The demo installation, served by a careless or hostile CMS: every built-in tool, both MCP
 * servers, every configuration and the 47 newest run uuids carry strings from the hostile corpus;
 * some runs have a hostile status and some refusals a hostile code; the installation claims
 * privacy level `full` and sends text fields (marked {@link LEAK_MARKER}) it must never show.
 * Counts stay those of the default installation at the same seed.
 */
export function createHostileInstallation(base: Installation = createInstallation()): Installation {
  const builtin = base.tools.filter((tool) => tool.source === 'builtin').map((tool) => tool.name)
  const tools = corpusMap(builtin)
  const servers = new Map<string, string>()
  for (const tool of base.tools) {
    if (tool.server && !servers.has(tool.server)) {
      servers.set(tool.server, pick(SERVER_IDS, servers.size))
    }
  }
  const configurations = new Map<string, string>()
  const newest = base.queryRuns({ from: null, to: null, tools: [] }, null, HOSTILE_CORPUS.length)
  const uuids = corpusMap(newest.runs.map((run) => run.uuid))

  const toolName = (name: string): string => {
    const server = base.tools.find((tool) => tool.name === name)?.server
    const prefix = server ? `mcp_${server}_` : ''
    if (server && name.startsWith(prefix)) {
      return `mcp_${servers.get(server) ?? server}_${name.slice(prefix.length)}`
    }
    return tools.get(name) ?? name
  }
  return rewriteInstallation(base, {
    meta: (meta) => ({
      ...meta,
      installation: `${hostile('img-onerror')} ${hostile('rtl-override')} installation`,
      privacyLevel: 'full',
    }),
    tools: (served) =>
      served.map((tool) => {
        const server = tool.server === null ? null : (servers.get(tool.server) ?? tool.server)
        return { ...tool, server, group: server === null ? tool.group : `mcp_${server}` }
      }),
    toolName,
    uuids,
    run: (run) => {
      let configuration = configurations.get(run.configuration)
      if (configuration === undefined) {
        configuration = pick(CONFIGURATION_IDS, configurations.size)
        configurations.set(run.configuration, configuration)
      }
      const position = HOSTILE_CORPUS.findIndex((entry) => entry.value === run.uuid)
      const status = position >= 0 && position % 10 === 0 ? pick(STATUS_IDS, position) : run.status
      return { ...run, configuration, status }
    },
    step: (step, run) => {
      const refused = step.toolRefusal === 'arguments' && step.sequence % 5 === 0
      const served = refused ? { ...step, toolRefusal: pick(REFUSAL_IDS, step.sequence) } : step
      return withTextFields(served, run.uuid)
    },
  })
}
