import { Fragment } from 'react'

// Where a line may break inside an identifier: after `_`, `-`, `.`, `/` and `:`.
const PARTS = /[^_\-./:]*[_\-./:]+|[^_\-./:]+$/g

/**
 * A name (a tool, a configuration, an id) as text that wraps between its words: a line break may
 * fall after `_` `-` `.` `/` `:` (`get_page_` / `content`) rather than mid-word. The name is
 * rendered as text, never as markup; an empty name renders nothing.
 */
export function NameText({ name }: { name: string }) {
  const parts = name.match(PARTS) ?? [name]
  return (
    <>
      {parts.map((part, index) => (
        <Fragment key={index}>
          {part}
          {index < parts.length - 1 ? <wbr /> : null}
        </Fragment>
      ))}
    </>
  )
}
