/**
 * The view on disk, so a restart does not count the installation again (decision 0022): the
 * settled groups' columns, the ids they use, the runs' statuses and a few rows to recognise the
 * database by, in one file written atomically (a temporary file, synced, renamed over the old
 * one). A file that is missing, half-written, corrupted, of another format or for another
 * database is refused with one sentence, and the server counts afresh.
 */
import { createHash } from 'node:crypto'
import { open, readdir, rename, rm } from 'node:fs/promises'
import { endianness } from 'node:os'
import { basename, dirname, join } from 'node:path'
import type { RunStatusesData } from './run-statuses'
import { COLUMN_NAMES, type GroupColumns, type GroupIdsData, type RawKey } from './step-store'

/**
 * The meaning of a saved view: bumped whenever what the server groups, or how it decodes a
 * group, changes — a file of another version is counted afresh, never read.
 */
export const VIEW_FORMAT = 4

const MAGIC = Buffer.from('RDVIEW\u0000\u0001', 'latin1')
const DIGEST_BYTES = 32

/** A row of the event table the view was counted from, to recognise that table by. */
export interface Probe {
  uid: number
  run: number
  sequence: number
  crdate: number
}

/** What a saved view holds. */
export interface SavedView {
  /** Which database it counts: the engine and the database's name (never a password). */
  database: string
  /** Every event row up to this uid is in `settled` for good. */
  settledUid: number
  ids: GroupIdsData
  settled: GroupColumns
  statuses: RunStatusesData
  probes: Probe[]
}

/** A saved view that cannot be used, and why, in one sentence. */
export class ViewFileError extends Error {
  override readonly name = 'ViewFileError'
}

interface Header {
  format: number
  endianness: string
  database: string
  savedAt: string
  settledUid: number
  groups: number
  keys: RawKey[]
  runUids: number
  statusRuns: number
  statusNames: string[]
  top: number
  changed: number
  /** Bytes of the runs' uuids and how they are written, apart from this header ({@link textsSection}). */
  uuidBytes: number
  uuidEncoding: TextEncoding
  configurationNames: string[]
  probes: Probe[]
}

const bytesOf = (array: Int32Array, length: number): Uint8Array =>
  new Uint8Array(array.buffer, array.byteOffset, length * 4)
const wholeBytes = (array: Float64Array): Uint8Array =>
  new Uint8Array(array.buffer, array.byteOffset, array.byteLength)

/**
 * Writes `view` to `path` atomically: into a temporary file beside it, synced to disk, renamed
 * over `path`, the folder synced. A failure (no room, no permission) leaves the old file as it
 * was and throws.
 */
export async function saveView(path: string, view: SavedView): Promise<void> {
  const uuids = textsSection(view.statuses.facts.uuids)
  const header: Header = {
    format: VIEW_FORMAT,
    endianness: endianness(),
    database: view.database,
    savedAt: new Date().toISOString(),
    settledUid: view.settledUid,
    groups: view.settled.size,
    keys: [...view.ids.keys],
    runUids: view.ids.runUids.length,
    statusRuns: view.statuses.uids.length,
    statusNames: view.statuses.names,
    top: view.statuses.top,
    changed: view.statuses.changed,
    uuidBytes: uuids.bytes.length,
    uuidEncoding: uuids.encoding,
    configurationNames: view.statuses.facts.configurationNames,
    probes: view.probes,
  }
  const json = Buffer.from(JSON.stringify(header), 'utf8')
  // Sections start on a multiple of 4 bytes, so they can be read straight into Int32Arrays.
  const pad = (4 - ((MAGIC.length + 4 + json.length) % 4)) % 4
  const length = Buffer.alloc(4)
  length.writeUInt32LE(json.length + pad)
  const { size } = view.settled
  const sections = [
    MAGIC,
    length,
    json,
    Buffer.alloc(pad, 0x20),
    ...COLUMN_NAMES.map((name) => bytesOf(view.settled[name], size)),
    bytesOf(Int32Array.from(view.ids.runUids), view.ids.runUids.length),
    bytesOf(view.statuses.uids, view.statuses.uids.length),
    bytesOf(view.statuses.statuses, view.statuses.statuses.length),
    bytesOf(view.statuses.facts.configurations, view.statuses.uids.length),
    wholeBytes(view.statuses.facts.started),
    wholeBytes(view.statuses.facts.finished),
    bytesOf(uuids.lengths, uuids.lengths.length),
    uuids.bytes,
  ]
  const temporary = `${path}.${process.pid}.tmp`
  const digest = createHash('sha256')
  const file = await open(temporary, 'w', 0o600)
  try {
    for (const section of sections) {
      digest.update(section)
      await file.write(section)
    }
    await file.write(digest.digest())
    await file.sync()
  } catch (error) {
    await file.close().catch(() => undefined)
    await rm(temporary, { force: true })
    throw error
  }
  await file.close()
  await rename(temporary, path)
  const folder = await open(dirname(path), 'r')
  try {
    await folder.sync()
  } finally {
    await folder.close()
  }
}

/**
 * Removes the temporary files a server killed while saving left beside `path` (a `kill -9`, a
 * power cut): those of processes no longer running. The saved file itself is never touched.
 */
export async function removeLeftovers(path: string): Promise<string[]> {
  const prefix = `${basename(path)}.`
  const removed: string[] = []
  for (const name of await readdir(dirname(path)).catch(() => [] as string[])) {
    const pid = Number(/^(\d+)\.tmp$/.exec(name.slice(prefix.length))?.[1] ?? Number.NaN)
    if (!name.startsWith(prefix) || !Number.isSafeInteger(pid) || isRunning(pid)) continue
    await rm(join(dirname(path), name), { force: true })
    removed.push(name)
  }
  return removed
}

function isRunning(pid: number): boolean {
  if (pid === process.pid) return true
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as { code?: unknown }).code === 'EPERM'
  }
}

/** Reads exactly `bytes` bytes at `position` into `into`; false when the file ends first. */
async function readInto(
  file: Awaited<ReturnType<typeof open>>,
  into: Uint8Array,
  position: number,
): Promise<boolean> {
  let done = 0
  while (done < into.length) {
    const { bytesRead } = await file.read(into, done, into.length - done, position + done)
    if (bytesRead === 0) return false
    done += bytesRead
  }
  return true
}

/**
 * Texts as one section of code units and their lengths, read back exactly: Latin-1 bytes when
 * every unit fits one (uuids do), else UTF-16 — a JSON header of hundreds of thousands of uuids
 * took a quarter of a second to parse at every start.
 */
function textsSection(texts: readonly string[]): {
  lengths: Int32Array
  bytes: Buffer
  encoding: TextEncoding
} {
  const lengths = Int32Array.from(texts, (text) => text.length)
  const joined = texts.join('')
  const encoding: TextEncoding = /[\u0100-\uffff]/.test(joined) ? 'utf16le' : 'latin1'
  return { lengths, bytes: Buffer.from(joined, encoding), encoding }
}

type TextEncoding = 'latin1' | 'utf16le'

/** The texts of {@link textsSection}; throws when the lengths do not fit the bytes. */
function textsOf(lengths: Int32Array, bytes: Uint8Array, encoding: TextEncoding): string[] {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  const width = encoding === 'latin1' ? 1 : 2
  const texts: string[] = []
  let at = 0
  for (const length of lengths) {
    const end = at + length * width
    if (length < 0 || end > buffer.length) throw new ViewFileError('its uuids are damaged')
    texts.push(buffer.toString(encoding, at, end))
    at = end
  }
  if (at !== buffer.length) throw new ViewFileError('its uuids are damaged')
  return texts
}

const isTexts = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((item) => typeof item === 'string')

const isCount = (value: unknown): value is number =>
  typeof value === 'number' && Number.isSafeInteger(value) && value >= 0

/** The header's fields checked; throws for any that does not fit. */
function checkHeader(value: unknown): Header {
  const h = value as Partial<Header> | null
  const fits =
    h !== null &&
    typeof h === 'object' &&
    isCount(h.format) &&
    typeof h.endianness === 'string' &&
    typeof h.database === 'string' &&
    isCount(h.settledUid) &&
    isCount(h.groups) &&
    Array.isArray(h.keys) &&
    isCount(h.runUids) &&
    isCount(h.statusRuns) &&
    Array.isArray(h.statusNames) &&
    h.statusNames.every((name) => typeof name === 'string') &&
    isCount(h.top) &&
    isCount(h.changed) &&
    isCount(h.uuidBytes) &&
    (h.uuidEncoding === 'latin1' || h.uuidEncoding === 'utf16le') &&
    isTexts(h.configurationNames) &&
    Array.isArray(h.probes)
  if (!fits) throw new ViewFileError('its header is not a view header')
  return h as Header
}

/**
 * The view saved at `path` for `database`; throws a {@link ViewFileError} saying why it cannot
 * be used (missing, cut short, corrupted, another format or byte order, another database).
 * Reads the columns straight into their arrays, checking the digest of every byte on the way.
 */
export async function loadView(path: string, database: string): Promise<SavedView> {
  let file: Awaited<ReturnType<typeof open>>
  try {
    file = await open(path, 'r')
  } catch (error) {
    const code = (error as { code?: unknown }).code
    throw new ViewFileError(
      code === 'ENOENT' ? 'there is none yet' : `it cannot be read (${String(code)})`,
    )
  }
  try {
    const digest = createHash('sha256')
    const start = Buffer.alloc(MAGIC.length + 4)
    if (!(await readInto(file, start, 0)) || !start.subarray(0, MAGIC.length).equals(MAGIC)) {
      throw new ViewFileError('it is not a view file of this server')
    }
    digest.update(start)
    const json = Buffer.alloc(start.readUInt32LE(MAGIC.length))
    if (!(await readInto(file, json, start.length))) throw new ViewFileError('it is cut short')
    digest.update(json)
    let header: Header
    try {
      header = checkHeader(JSON.parse(json.toString('utf8')))
    } catch (error) {
      if (error instanceof ViewFileError) throw error
      throw new ViewFileError('its header is damaged')
    }
    if (header.format !== VIEW_FORMAT) {
      throw new ViewFileError(
        `it was written by a server counting another way (format ${header.format}, this one ${VIEW_FORMAT})`,
      )
    }
    if (header.endianness !== endianness())
      throw new ViewFileError('it was written on another kind of machine')
    if (header.database !== database) {
      throw new ViewFileError(`it counts another database (${header.database})`)
    }
    let position = start.length + json.length
    const fill = async <A extends Int32Array | Float64Array | Uint8Array>(array: A): Promise<A> => {
      const bytes = new Uint8Array(array.buffer, array.byteOffset, array.byteLength)
      if (!(await readInto(file, bytes, position))) throw new ViewFileError('it is cut short')
      digest.update(bytes)
      position += bytes.length
      return array
    }
    const column = (length: number) => fill(new Int32Array(length))
    const size = header.groups
    const settled = { size } as GroupColumns
    for (const name of COLUMN_NAMES) settled[name] = await column(size)
    const runUids = await column(header.runUids)
    const uids = await column(header.statusRuns)
    const statuses = await column(header.statusRuns)
    const configurations = await column(header.statusRuns)
    const started = await fill(new Float64Array(header.statusRuns))
    const finished = await fill(new Float64Array(header.statusRuns))
    const lengths = await column(header.statusRuns)
    const uuidBytes = await fill(new Uint8Array(header.uuidBytes))
    const saved = Buffer.alloc(DIGEST_BYTES)
    if (!(await readInto(file, saved, position))) throw new ViewFileError('it is cut short')
    if (!saved.equals(digest.digest()))
      throw new ViewFileError('its contents do not match their digest')
    const extra = Buffer.alloc(1)
    if (await readInto(file, extra, position + DIGEST_BYTES)) {
      throw new ViewFileError('it has bytes after its end')
    }
    return {
      database: header.database,
      settledUid: header.settledUid,
      ids: { runUids: Array.from(runUids), keys: header.keys },
      settled,
      statuses: {
        uids,
        statuses,
        names: header.statusNames,
        top: header.top,
        changed: header.changed,
        facts: {
          uuids: textsOf(lengths, uuidBytes, header.uuidEncoding),
          configurations,
          configurationNames: header.configurationNames,
          started,
          finished,
        },
      },
      probes: header.probes,
    }
  } finally {
    await file.close()
  }
}
