/**
 * The privacy level of stored run steps, in the words people use ("metadata-only" for the CMS
 * default). An unknown level is shown as it was sent, so nothing is hidden.
 */
export function privacyLevelLabel(level: string): string {
  switch (level) {
    case 'none':
      return 'nothing stored'
    case 'metadata':
      return 'metadata-only'
    case 'redacted':
      return 'redacted'
    case 'full':
      return 'full text'
    default:
      return level
  }
}
