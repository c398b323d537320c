import type { ClickHouse } from './clickhouse'

/** Runs counted again in one statement (their uids are a query parameter: well inside a URL). */
const RUN_BATCH = 10_000

/**
 * Counts again, from the exported steps as they now are, each of `runs` of `installation`: its
 * steps by key with the first and last step's time, its status and whether it is gone or not
 * recorded, as one row of `rd_run_steps` with `version`; and the texts of their keys into
 * `rd_keys`. The exporter calls it after each pass with every run whose steps or run row it sent,
 * so a run's row always replaces itself whole: a count is never added to, so a row sent twice
 * cannot double it. Resolves with the runs counted.
 */
export async function rollUpRuns(
  ch: ClickHouse,
  installation: string,
  runs: Iterable<number>,
  version: number,
): Promise<number> {
  const sorted = [...new Set(runs)].sort((a, b) => a - b)
  for (let at = 0; at < sorted.length; at += RUN_BATCH) {
    const params = {
      i: installation,
      runs: sorted.slice(at, at + RUN_BATCH),
      v: version,
    }
    await ch.command(
      `INSERT INTO rd_run_steps (installation, run, status, gone, first, last, keys, counts, version)
       SELECT {i:String}, s.run, if(r.uid = s.run, r.status, ''), if(r.uid = s.run, r.gone, 1),
         s.first, s.last, s.keys, s.counts, {v:UInt64}
       FROM (SELECT run, min(lo) AS first, max(hi) AS last, groupArray(key) AS keys,
           groupArray(n) AS counts
         FROM (SELECT run, key, count() AS n, min(crdate) AS lo, max(crdate) AS hi
           FROM rd_steps FINAL WHERE installation = {i:String} AND run IN {runs:Array(UInt64)}
           GROUP BY run, key)
         GROUP BY run) AS s
       LEFT JOIN (SELECT uid, status, gone FROM rd_runs FINAL
         WHERE installation = {i:String} AND uid IN {runs:Array(UInt64)}) AS r ON r.uid = s.run`,
      params,
    )
    await ch.command(
      `INSERT INTO rd_keys (installation, key, kind, tool, refusal, is_error, opened_by)
       SELECT {i:String}, key, any(kind), any(tool), any(refusal), any(is_error), any(opened_by)
       FROM rd_steps WHERE installation = {i:String} AND run IN {runs:Array(UInt64)}
       GROUP BY key`,
      params,
    )
  }
  return sorted.length
}
