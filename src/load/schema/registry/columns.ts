/**
 * The vocabulary of the table registry (warehouse.ts): column kinds, how a declaration is written, and
 * the TypeScript types derived from a declaration: what Kysely reads back (`SelectRow`) and what a
 * transform hands the loader (`InsertRow`). Nothing here names a table.
 */
import type { DbBool, JsonText, Ts } from '../infra-tables.ts';

/** How a column is stored; `bool` needs 0/1 on SQLite, `ts` is normalised to ISO-8601 UTC. */
export type ColumnKind = 'id' | 'int' | 'real' | 'text' | 'ts' | 'json' | 'bool';

/** A column declaration: its kind, with a trailing `?` when the column may hold null (`'text?'`). */
export type ColumnDecl = ColumnKind | `${ColumnKind}?`;
export type ColumnDecls = Readonly<Record<string, ColumnDecl>>;

/**
 * `entity`: a record of the service (has `_raw`, `_synced_at`, `_deleted_at`; upserted; soft-deleted).
 * `child`: rows derived from a parent record and replaced whole per owner (only `_synced_at`).
 */
export type TableKind = 'entity' | 'child';

export interface TableDecl {
  readonly kind: TableKind;
  /** Primary-key columns, in key order; never nullable. */
  readonly pk: readonly string[];
  /** Every column, including the meta columns `entity` / `child` add. */
  readonly columns: ColumnDecls;
}

/** Columns the loader writes itself (the run's clock, the soft delete): a transform never sets them. */
export type LoaderColumn = '_synced_at' | '_deleted_at' | '_deleted_seen_at';

/**
 * `_raw` (the record as received), `_synced_at` (run clock), `_deleted_at` (soft delete: when it happened
 * upstream where known), `_deleted_seen_at` (the run clock of the sync that found it deleted; migration 020).
 */
const ENTITY_META = { _raw: 'json?', _synced_at: 'ts', _deleted_at: 'ts?', _deleted_seen_at: 'ts?' } as const;
/** Child tables (replaced whole per owner) only record when they were written. */
const CHILD_META = { _synced_at: 'ts' } as const;

/** Columns declared without `?`: the only ones a primary key may use (migration 002 makes them NOT NULL). */
type NotNullColumn<C> = { [K in keyof C]: C[K] extends ColumnKind ? K : never }[keyof C] & string;

/** Declare an entity table: its key and data columns; the meta columns are added here. */
export function entity<const C extends ColumnDecls>(pk: readonly NotNullColumn<C>[], columns: C) {
  return { kind: 'entity', pk, columns: { ...columns, ...ENTITY_META } } as const;
}

/** Declare a child table: its key and data columns; `_synced_at` is added here. */
export function child<const C extends ColumnDecls>(pk: readonly NotNullColumn<C>[], columns: C) {
  return { kind: 'child', pk, columns: { ...columns, ...CHILD_META } } as const;
}

/** What a SELECT reads back per kind, on both dialects (dialects/pg/pg-driver.ts installs the PostgreSQL parsers). */
interface SelectTypes {
  id: number;
  int: number;
  real: number;
  text: string;
  ts: Ts;
  json: JsonText;
  bool: DbBool;
}

/** What a transform may hand the loader per kind (`prepareRow` in write/upsert.ts converts for the dialect). */
interface InsertTypes {
  id: number;
  int: number;
  real: number;
  text: string;
  /** Any ISO-8601 instant; the loader stores it as UTC. */
  ts: string;
  json: JsonText;
  bool: boolean | number;
}

type BaseKind<D> = D extends `${infer K extends ColumnKind}?` ? K : D & ColumnKind;
type NullOf<D> = D extends `${ColumnKind}?` ? null : never;
type Simplify<T> = { [K in keyof T]: T[K] };

/** The Kysely table interface of a declaration. */
export type SelectRow<C extends ColumnDecls> = { -readonly [K in keyof C]: SelectTypes[BaseKind<C[K]>] | NullOf<C[K]> };

type Writable<C> = Exclude<keyof C & string, LoaderColumn>;
type RequiredColumn<C> = { [K in Writable<C>]: C[K] extends ColumnKind ? K : never }[Writable<C>];
type OptionalColumn<C> = Exclude<Writable<C>, RequiredColumn<C>>;

/**
 * A row a transform hands the loader: NOT NULL columns are required, nullable ones optional (a column a
 * row leaves out keeps its stored value on update), loader columns absent.
 */
export type InsertRow<C extends ColumnDecls> = Simplify<
  { [K in RequiredColumn<C>]: InsertTypes[BaseKind<C[K]>] } & { [K in OptionalColumn<C>]?: InsertTypes[BaseKind<C[K]>] | null }
>;

/** Split a declaration at run time: its kind and whether it is nullable. */
export function parseColumn(decl: ColumnDecl): { kind: ColumnKind; nullable: boolean } {
  return decl.endsWith('?') ? { kind: decl.slice(0, -1) as ColumnKind, nullable: true } : { kind: decl as ColumnKind, nullable: false };
}
