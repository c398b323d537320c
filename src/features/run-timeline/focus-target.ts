/** Moves focus to the element with `id` (a round heading or step row) and brings it into view. */
export function focusTarget(id: string): void {
  const target = document.getElementById(id)
  if (!target) return
  target.focus()
  target.scrollIntoView?.({ block: 'center' })
}
