import type { CatalogueRow } from './catalogue-rows'

/** Required parameter names, then how many optional ones; the schema view lists them all. */
export function ParameterList({ row }: { row: CatalogueRow }) {
  const optional = row.parameters.filter((name) => !row.required.includes(name)).length
  if (row.required.length === 0 && optional === 0) return <span className="muted">none</span>
  return (
    <span className="checker-params">
      {row.required.map((name) => (
        <code key={name} title={`${name} (required)`} className="param truncate param--required">
          {name}
          <span className="visually-hidden"> (required)</span>
        </code>
      ))}
      {optional > 0 ? (
        <span className="muted">
          {row.required.length > 0 ? '+ ' : ''}
          {optional} optional
        </span>
      ) : null}
    </span>
  )
}
