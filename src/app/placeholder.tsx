/** A page that a later issue builds; it says so instead of pretending. */
export function Placeholder({ title, what }: { title: string; what: string }) {
  return (
    <section>
      <h1>{title}</h1>
      <p className="muted">Not built yet: {what}</p>
    </section>
  )
}
