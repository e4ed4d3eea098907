/** Pure transforms: validated API records (+ the raw JSON for `_raw`) → RowBatch (src/load/schema/row-batch.ts). */
export * from './timestamps.ts';
export * from './rows.ts';
export * from './field-values.ts';
export * from './field-values-v1.ts';
export * from './entities.ts';
export * from './opportunities.ts';
export * from './lists.ts';
export * from './fields.ts';
export * from './field-value-changes.ts';
export * from './notes.ts';
export * from './reminders.ts';
export * from './interactions.ts';
export * from './transcripts.ts';
export * from './misc.ts';
export * from './apply-changes.ts';
export * from './option-colours.ts';
export * from './duplicates.ts';
