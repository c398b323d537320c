import { CSV_NEWLINE, csvRecord, type CsvValue } from './escape'

/** About 1 MB (in UTF-16 code units) per chunk: small enough to build, few enough Blob parts. */
export const DEFAULT_CHUNK_SIZE = 1 << 20
/** Excel's row limit, header included. */
export const EXCEL_MAX_ROWS = 1_048_576
/**
 * The UTF-8 byte order mark. Emitted by default: without it Excel (the tool these exports are
 * opened in, hence the row warning) reads UTF-8 as the legacy code page and garbles non-ASCII
 * tool names. papaparse, pandas (`utf-8-sig`) and LibreOffice skip it.
 */
export const UTF8_BOM = '\uFEFF'

export interface CsvChunkerOptions {
  /** Emit a chunk once the buffer reaches this many characters; default ~1 MB. */
  chunkSize?: number
  /** Start the file with a UTF-8 BOM; default true. */
  bom?: boolean
  /** Start with the header line; default true (false: a later part of a file). */
  header?: boolean
}

/** Turns rows into string chunks of bounded size, to be collected as Blob parts. */
export interface CsvChunker {
  /** Adds a row; returns a finished chunk when the buffer reached the chunk size, else null. */
  push(row: readonly CsvValue[]): string | null
  /** Returns what is left (the BOM and header too when no chunk was returned yet). */
  end(): string
  /** Data rows pushed so far (the header not counted). */
  readonly rows: number
}

/**
 * A chunker for a file with the given header. The first chunk starts with the BOM (unless
 * turned off) and the header line; an empty file is just those.
 */
export function createCsvChunker(
  columns: readonly string[],
  options: CsvChunkerOptions = {},
): CsvChunker {
  const chunkSize = Math.max(1, options.chunkSize ?? DEFAULT_CHUNK_SIZE)
  // Records (flat strings, without line ends) are gathered in an array and joined once per
  // chunk with CRLF: appending to one growing string, or adding the line end to each record,
  // builds a rope of string nodes that costs more to flatten and collect than the join.
  const bom = options.bom === false ? '' : UTF8_BOM
  let records: string[] = options.header === false ? [] : [bom + csvRecord(columns)]
  let length = records.length === 0 ? 0 : (records[0]?.length ?? 0) + CSV_NEWLINE.length
  let rows = 0
  const take = () => {
    if (records.length === 0) return ''
    // The empty last record gives the chunk its final line end.
    records.push('')
    const chunk = records.join(CSV_NEWLINE)
    records = []
    length = 0
    return chunk
  }
  return {
    push(row) {
      const record = csvRecord(row)
      records.push(record)
      length += record.length + CSV_NEWLINE.length
      rows++
      return length < chunkSize ? null : take()
    },
    end: take,
    get rows() {
      return rows
    },
  }
}

/**
 * The chunks of a whole file, lazily: pull them one by one (yielding to the page in between)
 * and hand them to `new Blob(parts)`. No rows give one chunk with the header. The generator's
 * return value is the number of data rows.
 */
export function* csvChunks(
  columns: readonly string[],
  rows: Iterable<readonly CsvValue[]>,
  options: CsvChunkerOptions = {},
): Generator<string, number> {
  const chunker = createCsvChunker(columns, options)
  for (const row of rows) {
    const chunk = chunker.push(row)
    if (chunk !== null) yield chunk
  }
  const rest = chunker.end()
  if (rest !== '') yield rest
  return chunker.rows
}

/** True when `dataRows` rows plus a header no longer fit in one Excel sheet. */
export function exceedsExcelRows(dataRows: number): boolean {
  return dataRows + 1 > EXCEL_MAX_ROWS
}
