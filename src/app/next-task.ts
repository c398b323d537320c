/** Resolves in a later task, so what follows runs after the browser could paint and take input. */
export const nextTask = (): Promise<void> => new Promise<void>((resolve) => setTimeout(resolve, 0))
