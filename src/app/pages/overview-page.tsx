import { Placeholder } from '../placeholder'

export function OverviewPage() {
  return (
    <Placeholder
      title="Overview"
      what="the effect of the argument check (before and after, recovery within one round, what the check saved)."
    />
  )
}
