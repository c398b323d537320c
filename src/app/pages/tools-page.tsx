import { Placeholder } from '../placeholder'

export function ToolsPage() {
  return (
    <Placeholder
      title="Tools"
      what="per-tool failures and refusals by code, filtered, charted and exported."
    />
  )
}
