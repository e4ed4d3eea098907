/** One view relsync owns: its name (already safe, see identifiers.ts) and its `select`. */
export interface ViewDef {
  name: string;
  sql: string;
}
