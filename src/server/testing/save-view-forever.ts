/**
 * Saves a large view to the file named by its argument again and again, until killed: the
 * process a kill -9 test stops in the middle of writing. Says "saved" after each save.
 */
import { saveView, type SavedView } from '../view/view-file'

const path = process.argv[2]
if (path === undefined) throw new Error('usage: save-view-forever <file>')
const size = 4_000_000
const column = (value: number) => new Int32Array(size).fill(value)
const view: SavedView = {
  database: 'sqlite:killed',
  settledUid: size,
  ids: { runUids: [1], keys: [['tool', '"x"', null, 'false', null]] },
  settled: {
    size,
    buckets: column(7),
    runs: column(0),
    keys: column(0),
    steps: column(1),
    rounds: column(1),
  },
  statuses: {
    uids: Int32Array.of(1),
    statuses: Int32Array.of(0),
    names: ['completed'],
    top: 1,
    changed: 1,
    facts: {
      uuids: ['a'],
      configurations: Int32Array.of(0),
      configurationNames: ['default'],
      started: Float64Array.of(1),
      finished: Float64Array.of(2),
    },
  },
  probes: [],
}
for (;;) {
  await saveView(path, view)
  process.stdout.write('saved\n')
}
