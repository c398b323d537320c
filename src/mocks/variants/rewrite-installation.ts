import type { Installation, MockMeta, MockRun, MockStep, ToolDefinition } from '../installation'

/** How a variant rewrites what an installation serves; every part optional. */
export interface InstallationRewrite {
  meta?: (meta: MockMeta) => MockMeta
  tools?: (tools: readonly ToolDefinition[]) => readonly ToolDefinition[]
  /** Served name of a tool (catalogue and steps alike); must be one-to-one. */
  toolName?: (name: string) => string
  /** Served uuids of some runs (base uuid → served uuid); must be one-to-one. */
  uuids?: ReadonlyMap<string, string>
  run?: (run: MockRun) => MockRun
  step?: (step: MockStep, run: MockRun) => MockStep
}

/**
 * Wraps `base` so it serves renamed tools and uuids and rewritten runs, while queries, cursors
 * and lookups keep working on the base's own names. A served name or uuid is mapped back before
 * the base sees it; an unknown one passes through unchanged (and so finds nothing, as it should),
 * and so does a base tool's own name when it is served under another.
 * Cursors are built from the base's run (`continueAfter`), so they stay ASCII whatever the uuid.
 */
export function rewriteInstallation(
  base: Installation,
  rewrite: InstallationRewrite,
): Installation {
  const toolName = rewrite.toolName ?? ((name: string) => name)
  const uuids = rewrite.uuids ?? new Map<string, string>()
  const toolBack = new Map(base.tools.map((tool) => [toolName(tool.name), tool.name]))
  const uuidBack = new Map([...uuids].map(([id, served]) => [served, id]))
  const original = (served: string) => uuidBack.get(served) ?? served
  // A base name served under another name is not a served name: asked for, it finds nothing.
  const toolAsked = (served: string) =>
    toolBack.get(served) ?? (toolName(served) === served ? served : `${served}\u0000(renamed)`)

  const serve = (run: MockRun): MockRun => {
    const renamed: MockRun = {
      ...run,
      uuid: uuids.get(run.uuid) ?? run.uuid,
      steps: run.steps.map((step) =>
        step.toolName === undefined ? step : { ...step, toolName: toolName(step.toolName) },
      ),
    }
    const rewritten = rewrite.run ? rewrite.run(renamed) : renamed
    const { step } = rewrite
    return step
      ? { ...rewritten, steps: rewritten.steps.map((s) => step(s, rewritten)) }
      : rewritten
  }

  const tools = base.tools.map((tool) => ({ ...tool, name: toolName(tool.name) }))
  return {
    seed: base.seed,
    scale: base.scale,
    meta: rewrite.meta ? rewrite.meta(base.meta) : base.meta,
    tools: rewrite.tools ? rewrite.tools(tools) : tools,
    runCount: base.runCount,
    getRun: (id) => {
      const run = base.getRun(original(id))
      return run === undefined ? undefined : serve(run)
    },
    startedAtOf: (id) => base.startedAtOf(original(id)),
    queryRuns: (query, afterUuid, limit) => {
      const slice = base.queryRuns(
        { ...query, tools: query.tools.map(toolAsked) },
        afterUuid === null ? null : original(afterUuid),
        limit,
      )
      return { ...slice, runs: slice.runs.map(serve) }
    },
  }
}
