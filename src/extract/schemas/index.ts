/** Every record schema the sync reads, both interfaces. Import from here. */
export * from './common.ts';
export * from './v2-field-values.ts';
export * from './v2-entities.ts';
export * from './v2-notes.ts';
export * from './v2-interactions.ts';
export * from './v2-misc.ts';
export * from './v1-entities.ts';
export * from './v1-fields.ts';
export * from './v1-activity.ts';
export * from './v2-duplicates.ts';
