import { createContext, useContext } from 'react'

/**
 * The app's clock: what "today" and "the last 7 days" are read from. The browser's clock in the
 * app; tests give a fixed one so their ranges do not move with the day they run on.
 */
export const ClockContext = createContext<() => number>(() => Date.now())

/** The app's clock (see {@link ClockContext}). */
export const useClock = () => useContext(ClockContext)
