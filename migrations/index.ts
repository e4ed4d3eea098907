import type { Migration } from 'kysely';
import * as m001 from './001-sync-state.ts';
import * as m002 from './002-warehouse.ts';
import * as m003 from './003-dirty-marks.ts';
import * as m004 from './004-owner-indexes.ts';
import * as m005 from './005-field-scopes.ts';
import * as m006 from './006-sources.ts';
import * as m008 from './008-duplicate-suggestions.ts';
import * as m009 from './009-one-value-shape.ts';
import * as m010 from './010-association-fields-home.ts';
import * as m011 from './011-dropdown-colours.ts';
import * as m012 from './012-note-transcripts.ts';
import * as m018 from './018-live-lookup-indexes.ts';
import * as m019 from './019-colours-from-stored-values.ts';
import * as m020 from './020-deletion-seen.ts';
import * as m021 from './021-read-whole.ts';
import * as m023 from './023-webhook-deliveries.ts';
import * as m024 from './024-field-entity-types.ts';
import * as m025 from './025-webhook-hinted.ts';
import * as m026 from './026-first-seen.ts';
import * as m028 from './028-kept-child-rows.ts';
import * as m029 from './029-julianday.ts';
import * as m030 from './030-warehouse-account.ts';
import * as m031 from './031-delivery-digest.ts';
import * as m032 from './032-transcript-fragments-count.ts';

/**
 * Every migration, in order. A static list (not a directory scan) so the same code runs under tsx,
 * vitest and a bundler. Adding a migration adds a file and a line here.
 */
export const migrations: Record<string, Migration> = {
  '001-sync-state': m001,
  '002-warehouse': m002,
  '003-dirty-marks': m003,
  '004-owner-indexes': m004,
  '005-field-scopes': m005,
  '006-sources': m006,
  '008-duplicate-suggestions': m008,
  '009-one-value-shape': m009,
  '010-association-fields-home': m010,
  '011-dropdown-colours': m011,
  '012-note-transcripts': m012,
  '018-live-lookup-indexes': m018,
  '019-colours-from-stored-values': m019,
  '020-deletion-seen': m020,
  '021-read-whole': m021,
  '023-webhook-deliveries': m023,
  '024-field-entity-types': m024,
  '025-webhook-hinted': m025,
  '026-first-seen': m026,
  '028-kept-child-rows': m028,
  '029-julianday': m029,
  '030-warehouse-account': m030,
  '031-delivery-digest': m031,
  '032-transcript-fragments-count': m032,
};
