import { useNavigate, useSearch } from '@tanstack/react-router'
import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import {
  PLAYGROUND_KEYS,
  holdsPlaygroundCase,
  parsePlayground,
  playgroundToSearch,
  type PlaygroundState,
} from '@/domain/playground'

/** How long typing pauses before the link is updated (one history entry is replaced). */
const WRITE_DELAY_MS = 300
const OWN_KEYS = new Set<string>(PLAYGROUND_KEYS)

const keyOf = (state: PlaygroundState) => JSON.stringify(playgroundToSearch(state).search)

interface Draft {
  state: PlaygroundState
  /** The URL key this draft writes. */
  key: string
  /** The URL key when the draft was made: while the URL still reads so, the draft is shown. */
  base: string
}

/**
 * The playground's state, kept in the URL so a link reproduces the case. Edits show at once
 * (a local draft) and reach the URL shortly after, replacing the current history entry; a
 * change of the URL from elsewhere (Back, a pasted link) wins over the draft.
 */
export function usePlayground(knownTools: readonly string[] | null) {
  const raw = useSearch({ strict: false }) as Record<string, unknown>
  const navigate = useNavigate()
  const parsed = useMemo(() => parsePlayground(raw, knownTools), [raw, knownTools])
  const urlKey = keyOf(parsed.state)
  const [draft, setDraft] = useState<Draft | null>(null)
  // Read once: the address the page opened with, not the one the playground writes later.
  const [openedWithCase] = useState(() => holdsPlaygroundCase(raw))
  const latestUrl = useRef(urlKey)
  useEffect(() => {
    latestUrl.current = urlKey
  }, [urlKey])

  const showDraft = draft !== null && (urlKey === draft.key || urlKey === draft.base)
  const state = showDraft ? draft.state : parsed.state

  useEffect(() => {
    if (draft === null || draft.key === latestUrl.current) return
    const timer = setTimeout(() => {
      // The URL moved elsewhere meanwhile (Back, a link): that wins.
      if (latestUrl.current !== draft.base) return
      const { search } = playgroundToSearch(draft.state)
      void navigate({
        to: '.',
        replace: true,
        // Typing must not move the page: keep the scroll position on this URL update.
        resetScroll: false,
        search: (prev: Record<string, string | string[] | undefined>) => ({
          ...Object.fromEntries(Object.entries(prev).filter(([key]) => !OWN_KEYS.has(key))),
          ...search,
        }),
      })
    }, WRITE_DELAY_MS)
    return () => clearTimeout(timer)
  }, [draft, navigate])

  const setState = useCallback(
    (next: PlaygroundState) => setDraft({ state: next, key: keyOf(next), base: latestUrl.current }),
    [],
  )

  return {
    state,
    setState,
    /** URL values that were ignored; shown until the person changes the case. */
    ignored: showDraft ? [] : parsed.ignored,
    /** What of the current case is too long for the link. */
    omitted: playgroundToSearch(state).omitted,
    /** The page opened with a case in its link (a tool's schema): it opens at the playground. */
    openedWithCase,
  }
}
