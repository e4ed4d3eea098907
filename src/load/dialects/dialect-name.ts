/** The warehouse dialects relsync speaks; what each does differently is its object (warehouse-dialect.ts). */
export type DialectName = 'sqlite' | 'postgres';
