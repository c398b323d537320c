import type { ReactNode } from 'react'
import { formatCount } from './format-count'

export interface LoadingStateProps {
  label: string
  /** Progress as done / total, when known. */
  progress?: { done: number; total: number } | null
  /** What the widget shows meanwhile, e.g. "the figures below count only the runs loaded so far". */
  note?: string
  action?: ReactNode
}

/** A widget's loading state: says what loads and, when known, how far it got. */
export function LoadingState({ label, progress, note, action }: LoadingStateProps) {
  return (
    <div className="state state--loading" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      <span>{label}</span>
      {progress ? (
        <>
          <progress max={Math.max(progress.total, 1)} value={progress.done} aria-label={label} />
          <span className="muted">
            {formatCount(progress.done)} of {formatCount(progress.total)}
          </span>
        </>
      ) : null}
      {note ? <span className="state__note">{note}</span> : null}
      {action}
    </div>
  )
}

export interface ErrorStateProps {
  title: string
  message: string
  onRetry?: () => void
  children?: ReactNode
}

/** A widget's error state: what failed, in words, and a Retry where trying again can help. */
export function ErrorState({ title, message, onRetry, children }: ErrorStateProps) {
  return (
    <div className="state state--error" role="alert">
      <strong>{title}</strong>
      <p>{message}</p>
      {children}
      {onRetry ? (
        <button type="button" onClick={onRetry}>
          Retry
        </button>
      ) : null}
    </div>
  )
}

/** A widget's empty state: says what would appear here and why nothing does. */
export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="state state--empty">
      <strong>{title}</strong>
      {children ? <div>{children}</div> : null}
    </div>
  )
}
