import { useVirtualizer } from '@tanstack/react-virtual'
import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import type { Run, Step } from '@/domain/contract'
import type { RoundGroup } from '@/domain/runs'
import { countOf, formatCount } from '@/components/ui/format-count'
import { focusTarget } from './focus-target'
import { JumpForm } from './jump-form'
import { RoundPartPager } from './round-part-pager'
import { RoundSection } from './round-section'
import { StepPager } from './step-pager'
import { shownRange, stepPage, STEPS_PER_PAGE, timelinePlaces } from './step-pages'
import { useInPageLinks } from './use-in-page-links'

export interface WindowedRoundsProps {
  groups: readonly RoundGroup[]
  run: Pick<Run, 'status' | 'terminationReason' | 'finishedAt'>
  zone: string
  anchors: ReadonlyMap<Step, string>
}

/** A first guess at a round's height before it is measured: heading, waterfall, table rows. */
/**
 * Rounds in the scroll box at once: 100,000 rounds of a few hundred pixels each would be taller
 * than Chromium lays out (about 33.5 million px), so a longer run is shown a part at a time.
 */
export const ROUNDS_PER_PART = 2_000

const estimate = (group: RoundGroup | undefined) =>
  140 + Math.min(group?.steps.length ?? 0, STEPS_PER_PAGE) * 52

/**
 * The rounds of a huge run in a scroll box whose content is virtualised (as the runs list is):
 * only the rounds near the view are in the DOM, and a round of more than `STEPS_PER_PAGE` steps
 * shows them a page at a time behind its own pager; a run of more than `ROUNDS_PER_PART`
 * rounds is shown that many rounds at a time. A line above says which rounds are in the
 * page (find-in-page sees only those) and offers a jump to any round or step; a link to a round
 * or step that is not in the DOM (the time bars' rounds, a refused turn's re-sent calls, a
 * `#step-…` address) scrolls to it and focuses it.
 */
export function WindowedRounds({ groups, run, zone, anchors }: WindowedRoundsProps) {
  const scrollRef = useRef<HTMLDivElement>(null)
  const [pages, setPages] = useState<ReadonlyMap<number, number>>(() => new Map())
  const [pending, setPending] = useState<string | null>(null)
  const [part, setPart] = useState(0)
  const places = useMemo(() => timelinePlaces(groups, anchors), [groups, anchors])
  const steps = useMemo(() => groups.reduce((n, g) => n + g.steps.length, 0), [groups])
  const parts = Math.max(1, Math.ceil(groups.length / ROUNDS_PER_PART))
  const base = part * ROUNDS_PER_PART
  const count = Math.min(ROUNDS_PER_PART, groups.length - base)
  const virtualizer = useVirtualizer({
    count,
    getScrollElement: () => scrollRef.current,
    estimateSize: (i) => estimate(groups[base + i]),
    overscan: 2,
    // A new part of the run starts at its top.
    initialOffset: 0,
  })
  const items = virtualizer.getVirtualItems()

  const turnPage = useCallback((index: number, page: number) => {
    setPages((current) => new Map(current).set(index, page))
  }, [])
  const reveal = useCallback(
    (id: string): boolean => {
      const place = places.get(id)
      if (!place) return false
      if (place.page !== null) turnPage(place.index, place.page)
      setPart(Math.floor(place.index / ROUNDS_PER_PART))
      setPending(id)
      return true
    },
    [places, turnPage],
  )
  const showPart = (to: number) => {
    setPart(to)
    virtualizer.scrollToOffset(0)
  }
  useInPageLinks(reveal)

  // Focus the asked-for round or step once the window has rendered it and stopped scrolling:
  // while the virtualiser measures the rounds it lands on, the range moves and may unmount the
  // round for a frame, which would drop the focus.
  const scrolling = virtualizer.isScrolling
  useEffect(() => {
    if (pending === null || scrolling) return
    if (document.getElementById(pending)) {
      focusTarget(pending)
      setPending(null)
      return
    }
    // Not there yet: scroll to its round (in the part now shown), again on each render until it is.
    const place = places.get(pending)
    if (place) virtualizer.scrollToIndex(place.index - base, { align: 'start' })
  }, [pending, places, virtualizer, items, pages, scrolling, base])

  const shown = shownRange(items.map((item) => ({ index: base + item.index })))
  const top = items[0]?.start ?? 0
  const bottom = virtualizer.getTotalSize() - (items[items.length - 1]?.end ?? 0)
  const roundName = (index: number) => {
    const group = groups[index]
    const round = group?.round ?? 0
    const name = round === 0 ? 'the steps outside a round' : `round ${formatCount(round)}`
    return group !== undefined && group.attempts > 1 ? `${name} of attempt ${group.attempt}` : name
  }
  return (
    <div className="windowed-rounds">
      <p className="state state--partial windowed-rounds__status" role="status">
        <strong>
          {countOf(groups.length, 'round', 'rounds')}, {countOf(steps, 'step', 'steps')}:{' '}
          {groups.length === 1
            ? 'one page of its steps at a time is in the page.'
            : 'only the rounds near the view are in the page.'}
        </strong>{' '}
        <span>
          {groups.length === 1
            ? 'Find-in-page sees only the steps shown. Use the pager below or “Go to step” to reach any step.'
            : `${
                !shown
                  ? 'Scroll the rounds below'
                  : shown.from === shown.to
                    ? `Showing ${roundName(shown.from)} of ${formatCount(groups.length)}`
                    : `Showing ${roundName(shown.from)} to ${roundName(shown.to)} of ${formatCount(groups.length)}`
              }; find-in-page sees only these. Use the time bars above or the fields here to jump to any round or step.`}
        </span>
      </p>
      <JumpForm groups={groups} places={places} onJump={reveal} />
      {parts > 1 ? (
        <RoundPartPager
          part={part}
          parts={parts}
          first={groups[base]?.round ?? 0}
          last={groups[base + count - 1]?.round ?? 0}
          rounds={groups.length}
          onPart={showPart}
        />
      ) : null}
      <div
        ref={scrollRef}
        className="windowed-rounds__scroll"
        role="region"
        aria-label={`Rounds of the run, ${formatCount(groups.length)} in all`}
      >
        <div style={{ height: top }} aria-hidden="true" />
        {items.map((item) => {
          const index = base + item.index
          const group = groups[index]
          if (!group) return null
          const paged = stepPage(group, pages.get(index) ?? 0)
          return (
            <div key={group.key} data-index={item.index} ref={virtualizer.measureElement}>
              <RoundSection
                group={paged.group}
                run={run}
                zone={zone}
                anchors={anchors}
                page={paged.pages > 1 ? paged : undefined}
                pager={
                  paged.pages > 1 ? (
                    <StepPager
                      page={paged}
                      round={group.round}
                      onPage={(page) => turnPage(index, page)}
                    />
                  ) : null
                }
              />
            </div>
          )
        })}
        <div style={{ height: Math.max(0, bottom) }} aria-hidden="true" />
      </div>
    </div>
  )
}
