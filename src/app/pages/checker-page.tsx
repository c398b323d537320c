import { Placeholder } from '../placeholder'

export function CheckerPage() {
  return (
    <Placeholder
      title="Checker"
      what="the tool catalogue and a playground for the argument check."
    />
  )
}
