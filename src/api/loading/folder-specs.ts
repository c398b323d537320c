import type { Run } from '@/domain/contract'
import {
  emptyEffectSummary,
  emptyFirstRefusal,
  foldEffect,
  foldFirstRefusal,
  type EffectScope,
} from '@/domain/effect'
import { emptyToolCallsCsv, foldToolCallsCsv } from '@/domain/csv'
import { emptyRunsSummary, foldRunRows } from '@/domain/runs'
import { emptySummary, foldRuns, type SummaryScope } from '@/domain/summary'
import { hasLoneSurrogate } from '@/domain/code-units'
import type { RunsQuery } from '../endpoints'
import type { Folder } from './load-all-runs'

/**
 * What a load folds its pages into, as plain data that can cross to a Web Worker: the kind of
 * summary and its scope (scopes are plain data made once on the page). One entry per summary the
 * dashboard keeps; the folder itself is rebuilt on whichever side runs the load.
 */
export type FolderSpec =
  | { kind: 'tool-summary'; scope: SummaryScope }
  | { kind: 'effect'; scope: EffectScope }
  | { kind: 'first-refusal'; scope: SummaryScope }
  | { kind: 'runs-list'; scope: SummaryScope }
  /** The tool-calls CSV, page by page (only the last page's text is kept; see the export). */
  | { kind: 'tool-calls-csv'; scope: SummaryScope }

export type FolderKind = FolderSpec['kind']

/** An instant as the API is asked for it. */
export const iso = (ms: number) => new Date(ms).toISOString()

/**
 * The tools as the API's `tool` parameter can name them, or null when one of them cannot be
 * sent: a name with a lone surrogate has no UTF-8 form (a URL would carry U+FFFD instead), so
 * the server would be asked about another name.
 */
export function sendableTools(tools: readonly string[]): string[] | null {
  return tools.some(hasLoneSurrogate) ? null : [...tools]
}

/**
 * The `/runs` query a spec folds: exactly the instants and tools of its scope, so what is
 * fetched and what is counted can never disagree. When a tool cannot be sent, every tool's runs
 * are fetched: each fold counts only its scope's tools (`countedTimeIn`), so the figures stay
 * those of the selected tools.
 */
export function queryOf(spec: FolderSpec): Required<Omit<RunsQuery, 'cursor' | 'limit'>> {
  if (spec.kind === 'effect') {
    const { beforeStartMs, afterEndMs, scope } = spec.scope
    return { from: iso(beforeStartMs), to: iso(afterEndMs), tool: sendableTools(scope.tools) ?? [] }
  }
  const { buckets, tools } = spec.scope
  return { from: iso(buckets.startMs), to: iso(buckets.endMs), tool: sendableTools(tools) ?? [] }
}

/** A folder over summaries of type `S`, seen from the loader, which never looks inside. */
function folder<S>(empty: () => S, fold: (summary: S, runs: ReadonlyArray<Run>) => S) {
  const typed: Folder<unknown> = { empty, fold: (summary, runs) => fold(summary as S, runs) }
  return typed
}

/** The folder a spec names: the domain's fold for that kind of summary over the spec's scope. */
export function folderFor(spec: FolderSpec): Folder<unknown> {
  switch (spec.kind) {
    case 'tool-summary':
      return folder(emptySummary, (s, runs) => foldRuns(s, runs, spec.scope))
    case 'effect':
      return folder(emptyEffectSummary, (s, runs) => foldEffect(s, runs, spec.scope))
    case 'first-refusal':
      return folder(emptyFirstRefusal, (s, runs) => foldFirstRefusal(s, runs, spec.scope))
    case 'runs-list':
      return folder(emptyRunsSummary, (s, runs) => foldRunRows(s, runs, spec.scope))
    case 'tool-calls-csv':
      return folder(emptyToolCallsCsv, (s, runs) => foldToolCallsCsv(s, runs, spec.scope))
  }
}
