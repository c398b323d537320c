/**
 * The JSON texts of the latest answers (`/summary`, pages of `/run-rows`) of one state of the
 * view, by query: dashboards opened together ask the same ranges, and each such question is then
 * answered once, not once per dashboard. A text belongs to the view's `generation` (a refresh
 * that changed the view starts a new one, which lets go of the texts of the last), so an answer
 * is never older than the view it came from. Questions asked while their answer is made wait for
 * it. At most `maxBytes` of text is kept, oldest let go first; a failed answer is not kept.
 */
export class AnswerTexts {
  private generation = -1
  private readonly texts = new Map<string, Promise<string>>()
  private readonly sizes = new Map<string, number>()
  private bytes = 0

  constructor(private readonly maxBytes = 32 * 1024 * 1024) {}

  get(generation: number, key: string, make: () => Promise<string>): Promise<string> {
    if (generation !== this.generation) {
      this.texts.clear()
      this.sizes.clear()
      this.bytes = 0
      this.generation = generation
    }
    const held = this.texts.get(key)
    if (held !== undefined) return held
    const made = make()
    this.texts.set(key, made)
    made.then(
      (text) => {
        if (this.texts.get(key) !== made) return
        this.sizes.set(key, text.length)
        this.bytes += text.length
        this.letGo()
      },
      () => {
        if (this.texts.get(key) === made) this.texts.delete(key)
      },
    )
    return made
  }

  /** Lets go of the oldest finished texts while more than `maxBytes` are kept. */
  private letGo(): void {
    for (const [key, size] of this.sizes) {
      if (this.bytes <= this.maxBytes) return
      this.sizes.delete(key)
      this.texts.delete(key)
      this.bytes -= size
    }
  }
}
