import type { RunsSummary, RunRow } from '@/domain/runs'
import { copyEffectSummary, type EffectSummary } from '@/domain/effect'
import { copySummary, type ToolSummary } from '@/domain/summary'
import { copyCounts } from '@/domain/summary/records'
import { ContractError, HtmlPageError, HttpError, NetworkError, TimeoutError } from '../errors'
import type { FolderKind } from './folder-specs'
import { messageOf } from '@/domain/message-of'

/**
 * How a summary travels from the worker to the page after each page of runs: whole (small
 * summaries), or — for the runs list, whose rows only grow — the rows added since the last post.
 */
export type SummaryPatch =
  { whole: unknown } | { rowsFrom: number; rows: RunRow[]; unknownRunStatuses: string[] }

/**
 * The patch from the summary last posted (`posted`, null for the first post of a load) to
 * `next`. The first post of every load is whole, so a resumed load never depends on what the
 * page happened to receive from the load it continues; so is a list that does not extend the
 * one posted (a load that started over).
 */
export function encodeSummary(kind: FolderKind, posted: unknown, next: unknown): SummaryPatch {
  if (kind !== 'runs-list' || posted === null) return { whole: next }
  const earlier = (posted as RunsSummary).rows
  const before = earlier.length
  const list = next as RunsSummary
  // The fold only appends (the same row objects): a shorter list, or another row where the
  // posted list ended, is a new list.
  if (list.rows.length < before || (before > 0 && list.rows[before - 1] !== earlier[before - 1])) {
    return { whole: next }
  }
  return {
    rowsFrom: before,
    rows: list.rows.slice(before),
    unknownRunStatuses: list.unknownRunStatuses,
  }
}

const reviveRow = (row: RunRow): RunRow =>
  row.otherCodes === null ? row : { ...row, otherCodes: copyCounts(row.otherCodes) }

/**
 * The summary a patch describes, given the one decoded before it (null for the first post).
 * Records keyed by names from the API lose their null prototype in a structured clone (a tool
 * named `constructor` would then meet Object.prototype's), so they are copied back to
 * prototype-free records here.
 */
export function decodeSummary(kind: FolderKind, previous: unknown, patch: SummaryPatch): unknown {
  if ('whole' in patch) return revive(kind, patch.whole)
  const list = previous as RunsSummary | null
  if (!list || list.rows.length !== patch.rowsFrom) {
    throw new Error(`runs-list patch from row ${patch.rowsFrom} does not follow the last one`)
  }
  const next: RunsSummary = {
    rows: list.rows.concat(patch.rows.map(reviveRow)),
    unknownRunStatuses: patch.unknownRunStatuses,
  }
  return next
}

function revive(kind: FolderKind, whole: unknown): unknown {
  switch (kind) {
    case 'tool-summary':
      return copySummary(whole as ToolSummary)
    case 'effect':
      return copyEffectSummary(whole as EffectSummary)
    case 'first-refusal':
    case 'tool-calls-csv':
      return whole
    case 'runs-list': {
      const list = whole as RunsSummary
      const revived: RunsSummary = {
        rows: list.rows.map(reviveRow),
        unknownRunStatuses: list.unknownRunStatuses,
      }
      return revived
    }
  }
}

/** An error as plain data (class instances lose their class in a structured clone). */
export type ErrorData =
  | {
      kind: 'http'
      endpoint: string
      status: number
      code: string | null
      serverMessage: string | null
      retryAfterMs: number | null
    }
  | { kind: 'network'; endpoint: string }
  | { kind: 'timeout'; endpoint: string; timeoutMs: number }
  | { kind: 'contract'; endpoint: string; path: string; expected: string }
  | { kind: 'html-page'; endpoint: string }
  | { kind: 'other'; message: string }
  | null

/** The error of a load state as plain data; anything unknown keeps only its message. */
export function encodeError(error: unknown): ErrorData {
  if (error === null || error === undefined) return null
  if (error instanceof HttpError) {
    const { endpoint, status, code, serverMessage, retryAfterMs } = error
    return { kind: 'http', endpoint, status, code, serverMessage, retryAfterMs }
  }
  if (error instanceof NetworkError) return { kind: 'network', endpoint: error.endpoint }
  if (error instanceof TimeoutError) {
    return { kind: 'timeout', endpoint: error.endpoint, timeoutMs: error.timeoutMs }
  }
  // Before ContractError, which it extends.
  if (error instanceof HtmlPageError) return { kind: 'html-page', endpoint: error.endpoint }
  if (error instanceof ContractError) {
    const { endpoint, path, expected } = error
    return { kind: 'contract', endpoint, path, expected }
  }
  return { kind: 'other', message: messageOf(error) }
}

/** The error {@link encodeError} described, as the same class again. */
export function decodeError(data: ErrorData): unknown {
  if (data === null) return null
  switch (data.kind) {
    case 'http':
      return new HttpError(
        data.endpoint,
        data.status,
        data.code,
        data.serverMessage,
        data.retryAfterMs,
      )
    case 'network':
      return new NetworkError(data.endpoint)
    case 'timeout':
      return new TimeoutError(data.endpoint, data.timeoutMs)
    case 'contract':
      return new ContractError(data.endpoint, data.path, data.expected)
    case 'html-page':
      return new HtmlPageError(data.endpoint)
    case 'other':
      return new Error(data.message)
  }
}
