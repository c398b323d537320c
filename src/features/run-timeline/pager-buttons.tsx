export interface PagerButtonsProps {
  /** The page shown (0-based) of how many. */
  at: number
  count: number
  onGo: (page: number) => void
  /** Accessible names and visible texts of First, Previous, Next and Last. */
  labels: readonly [string, string, string, string]
  texts: readonly [string, string, string, string]
}

/** First, Previous, Next and Last of a pager; a button to where it already is is disabled. */
export function PagerButtons({ at, count, onGo, labels, texts }: PagerButtonsProps) {
  const targets = [0, at - 1, at + 1, count - 1]
  return (
    <span className="step-pager__buttons">
      {targets.map((to, i) => (
        <button
          key={labels[i]}
          type="button"
          aria-label={labels[i]}
          disabled={to === at || to < 0 || to >= count}
          onClick={() => onGo(to)}
        >
          {texts[i]}
        </button>
      ))}
    </span>
  )
}
