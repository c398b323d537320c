import { describeApiError, isNotImplemented, type LoadState } from '@/api'
import type { ToolSummary } from '@/domain/summary'
import { LoadBanner } from '@/components/ui/load-banner'

export interface ToolReportLoadBannerProps {
  state: LoadState<ToolSummary>
  cancel: () => void
  resume: () => void
  reload: () => void
}

/** The tool summary's warnings: values the contract does not name are shown, never dropped. */
export function summaryWarnings(summary: ToolSummary): string[] {
  const warnings: string[] = []
  if (summary.unknownRefusalCodes.length > 0) {
    warnings.push(
      `Refusal codes this dashboard does not know yet are counted under their own names: ${summary.unknownRefusalCodes.join(', ')}.`,
    )
  }
  if (summary.unknownStepKinds.length > 0) {
    warnings.push(`Unknown step kinds were seen: ${summary.unknownStepKinds.join(', ')}.`)
  }
  if (summary.unknownRunStatuses.length > 0) {
    warnings.push(`Unknown run statuses were seen: ${summary.unknownRunStatuses.join(', ')}.`)
  }
  return warnings
}

/** The shared load banner, worded for the tool report, plus unknown values seen. */
export function ToolReportLoadBanner({ state, cancel, resume, reload }: ToolReportLoadBannerProps) {
  return (
    <LoadBanner
      state={state}
      loadingLabel="Loading runs"
      partialNote="the figures below count only the runs loaded so far"
      errorTitle="The runs could not be loaded"
      errorMessage={describeApiError(state.error)}
      retryable={!isNotImplemented(state.error)}
      warnings={summaryWarnings(state.summary)}
      cancel={cancel}
      resume={resume}
      reload={reload}
    />
  )
}
