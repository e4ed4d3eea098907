/** The full route table: every module contributes an array; adding a route is one line there. */
import type { RouteDef } from '../http/http-types.ts';
import { V2_ENTITY_ROUTES } from './routes-v2-entities.ts';
import { V2_LIST_ROUTES } from './routes-v2-lists.ts';
import { V2_NOTE_ROUTES } from './routes-v2-notes.ts';
import { V2_ACTIVITY_ROUTES } from './routes-v2-activity.ts';
import { V2_MISC_ROUTES } from './routes-v2-misc.ts';
import { V1_ENTITY_ROUTES } from './routes-v1-entities.ts';
import { V1_ACTIVITY_ROUTES } from './routes-v1-activity.ts';
import { V2_WRITE_ROUTES } from './routes-v2-writes.ts';
import { V2_SEARCH_ROUTES } from './routes-v2-search.ts';
import { MORE_WRITE_ROUTES } from './routes-more-writes.ts';
import { V1_WRITE_ROUTES } from './routes-v1-writes.ts';
import { V1_WRITE_ACTIVITY_ROUTES } from './routes-v1-writes-activity.ts';

export const ALL_ROUTES: readonly RouteDef[] = [
  ...V2_ENTITY_ROUTES,
  ...V2_LIST_ROUTES,
  ...V2_NOTE_ROUTES,
  ...V2_ACTIVITY_ROUTES,
  ...V2_MISC_ROUTES,
  ...V1_ENTITY_ROUTES,
  ...V1_ACTIVITY_ROUTES,
  ...V2_WRITE_ROUTES,
  ...V2_SEARCH_ROUTES,
  ...V1_WRITE_ROUTES,
  ...V1_WRITE_ACTIVITY_ROUTES,
  ...MORE_WRITE_ROUTES,
];
