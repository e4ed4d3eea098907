import { V2_PAGE } from '../extract/limits.ts';
import { v2ChatMessageSchema, type V2ChatMessage } from '../extract/schemas/index.ts';
import { v2ChatMessageRows } from '../transform/index.ts';
import { perRecord } from './common.ts';
import { defineStream, type NoParams } from './define.ts';
import { updatedSinceFeed } from './feed.ts';

export const chatMessagesStream = defineStream({
  name: 'chat_messages',
  description: 'chat messages (GET /v2/chat-messages)',
  group: 'other',
  schema: v2ChatMessageSchema,
  read: {
    kind: 'sweep',
    request: () => ({ path: '/v2/chat-messages', query: { limit: V2_PAGE }, paginator: 'v2' }),
    between: updatedSinceFeed<V2ChatMessage, NoParams>('/v2/chat-messages'),
    softDelete: { table: 'interactions', scope: () => ({ kind: 'chat-message' }) },
  },
  transform: perRecord((r, raw) => v2ChatMessageRows(r, raw)),
});
