import type { Engine, SqlValue } from '../db/database'
import type { PayloadKey } from './payload-keys'

/**
 * The SQL that differs between the engines. Everything else is one statement for all three.
 * Keys are constants from {@link PayloadKey}, never input; every value is a bound `?`.
 */
export interface Dialect {
  /** The payload column parsed as JSON, NULL where it is not JSON (never an error). */
  json(column: string): string
  /** 1 when the parsed payload is a JSON object. */
  isObject(json: string): string
  /** The JSON text of one top-level key, NULL when absent (decoded and type-checked in Node). */
  field(json: string, key: PayloadKey): string
  /** True when the key holds a non-empty JSON string. */
  isText(json: string, key: PayloadKey): string
  /**
   * True when the key holds a string equal, code unit for code unit, to one of `n` parameters,
   * its U+0000 read as U+FFFD (as every engine reads names: `parseJsonText`).
   */
  textIn(json: string, key: PayloadKey, n: number): string
  /** `column` divided by a bound positive integer, rounded down (column ≥ 0). */
  intDiv(column: string): string
  /** 2 to the power of an integer expression from 0 to 30, as an integer. */
  bit(exponent: string): string
  /**
   * The bitwise OR of a group's non-negative integers. Not `SUM(DISTINCT …)` on MariaDB: with it
   * the grouping sorts, and compares long texts by their first `max_sort_length` bytes only.
   */
  bitOr(expression: string): string
  /** A text column for exact ordering and comparison (no case folding, no padding). */
  exact(column: string): string
  /** A bound text parameter compared as {@link exact} compares. */
  exactParam(): string
  /**
   * Text as a bound value. PostgreSQL text cannot hold U+0000 (no name read holds one, on any
   * engine): such a value is bound as NULL, which equals nothing, instead of failing the query.
   */
  bindText(value: string): SqlValue
}

const list = (n: number): string => Array.from({ length: n }, () => '?').join(', ')

const postgres: Dialect = {
  json: (column) => `pg_temp.rd_jsonb(${column})`,
  isObject: (json) => `(CASE WHEN jsonb_typeof(${json}) = 'object' THEN 1 ELSE 0 END)`,
  field: (json, key) => `((${json}) -> '${key}')::text`,
  isText: (json, key) =>
    `(jsonb_typeof((${json}) -> '${key}') = 'string' AND ((${json}) ->> '${key}') <> '')`,
  textIn: (json, key, n) =>
    `(jsonb_typeof((${json}) -> '${key}') = 'string' AND ((${json}) ->> '${key}') IN (${list(n)}))`,
  intDiv: (column) => `(${column} / CAST(? AS INTEGER))`,
  bit: (exponent) => `(1 << CAST(${exponent} AS INTEGER))`,
  bitOr: (expression) => `bit_or(${expression})`,
  exact: (column) => `(${column} COLLATE "C")`,
  exactParam: () => `(CAST(? AS TEXT) COLLATE "C")`,
  bindText: (value) => (value.includes('\u0000') ? null : value),
}

const mysql: Dialect = {
  json: (column) => `(CASE WHEN JSON_VALID(${column}) THEN ${column} END)`,
  isObject: (json) => `(CASE WHEN JSON_TYPE(${json}) = 'OBJECT' THEN 1 ELSE 0 END)`,
  field: (json, key) => `CAST(JSON_EXTRACT(${json}, '$.${key}') AS CHAR)`,
  isText: (json, key) =>
    `(JSON_TYPE(JSON_EXTRACT(${json}, '$.${key}')) = 'STRING' AND CAST(JSON_UNQUOTE(JSON_EXTRACT(${json}, '$.${key}')) AS BINARY) <> '')`,
  textIn: (json, key, n) =>
    `(JSON_TYPE(JSON_EXTRACT(${json}, '$.${key}')) = 'STRING' AND REPLACE(CAST(JSON_UNQUOTE(JSON_EXTRACT(${json}, '$.${key}')) AS BINARY), X'00', X'EFBFBD') IN (${Array.from({ length: n }, () => 'CAST(? AS BINARY)').join(', ')}))`,
  intDiv: (column) => `(${column} DIV ?)`,
  bit: (exponent) => `(1 << (${exponent}))`,
  bitOr: (expression) => `BIT_OR(${expression})`,
  exact: (column) => `CAST(${column} AS BINARY)`,
  exactParam: () => `CAST(? AS BINARY)`,
  bindText: (value) => value,
}

const sqlite: Dialect = {
  json: (column) => `(CASE WHEN json_valid(${column}) THEN ${column} END)`,
  isObject: (json) => `(CASE WHEN json_type(${json}) = 'object' THEN 1 ELSE 0 END)`,
  field: (json, key) => `(${json} -> '$.${key}')`,
  isText: (json, key) =>
    `(json_type(${json}, '$.${key}') = 'text' AND (${json} ->> '$.${key}') <> '')`,
  textIn: (json, key, n) =>
    `(json_type(${json}, '$.${key}') = 'text' AND rd_text(${json} ->> '$.${key}') IN (${list(n)}))`,
  intDiv: (column) => `(${column} / CAST(? AS INTEGER))`,
  bit: (exponent) => `(1 << CAST(${exponent} AS INTEGER))`,
  // SQLite has no OR aggregate; the sum of distinct powers of two is their OR.
  bitOr: (expression) => `SUM(DISTINCT ${expression})`,
  exact: (column) => column,
  exactParam: () => '?',
  bindText: (value) => value,
}

export const DIALECTS: Readonly<Record<Engine, Dialect>> = { postgres, mysql, sqlite }
