import { useId } from 'react'
import type { JsonSyntaxError } from '@/domain/playground'

export interface ArgsEditorProps {
  label: string
  value: string
  onChange: (text: string) => void
  error: JsonSyntaxError | null
}

/** The arguments of one call as JSON text; a syntax error is named with its line and column. */
export function ArgsEditor({ label, value, onChange, error }: ArgsEditorProps) {
  const id = useId()
  const errorId = `${id}-error`
  const lines = Math.min(16, Math.max(4, value.split('\n').length + 1))
  return (
    <div className="args-editor">
      <label htmlFor={id}>{label}</label>
      <textarea
        id={id}
        value={value}
        rows={lines}
        spellCheck={false}
        autoCapitalize="off"
        autoComplete="off"
        aria-invalid={error !== null}
        aria-describedby={error ? errorId : undefined}
        onChange={(event) => onChange(event.target.value)}
      />
      {error ? (
        <p id={errorId} className="args-editor__error">
          Not JSON at line {error.line}, column {error.column}: {error.message}
        </p>
      ) : null}
    </div>
  )
}
