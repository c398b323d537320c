import type { Incidence } from '@/domain/effect'
import { num, points } from './format'
import { Rate } from './rate'

/** The share of runs with at least one refusal and with at least one failure, before and after. */
export function IncidencePanel({ incidence }: { incidence: Incidence }) {
  return (
    <section className="ov-panel" aria-labelledby="ov-incidence">
      <h2 id="ov-incidence">Runs affected</h2>
      <table className="data-table">
        <caption className="visually-hidden">
          Runs with a refusal or a failure, before and after
        </caption>
        <thead>
          <tr>
            <th scope="col">Runs with ≥ 1</th>
            <th scope="col" className="num">
              Before ({num(incidence.runs.before)} runs)
            </th>
            <th scope="col" className="num">
              After ({num(incidence.runs.after)} runs)
            </th>
            <th scope="col" className="num">
              Change
            </th>
          </tr>
        </thead>
        <tbody>
          {(
            [
              ['failure', incidence.failure],
              ['refusal', incidence.refusal],
            ] as const
          ).map(([label, change]) => (
            <tr key={label}>
              <th scope="row">{label}</th>
              <td className="num">
                <Rate stat={change.before} of="runs" />
              </td>
              <td className="num">
                <Rate stat={change.after} of="runs" />
              </td>
              <td className="num">{points(change.change)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  )
}
