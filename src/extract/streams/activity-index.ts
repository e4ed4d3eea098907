import type { StreamDef } from '../stream.ts';
import { callsStream, chatMessagesStream, emailsStream, meetingsStream, notesStream, remindersStream } from './activity.ts';
import {
  companyMergesStream, filesStream, personMergesStream, relationshipStrengthsStream, teamMembersStream, teamsStream,
  usersStream, webhooksStream,
} from './admin.ts';
import { transcriptFragmentsStream, transcriptsStream } from './transcripts.ts';
import { notesUpdatesStream, remindersUpdatesStream } from './updates.ts';

export const activityStreams: readonly StreamDef[] = [
  notesStream,
  remindersStream,
  notesUpdatesStream,
  remindersUpdatesStream,
  emailsStream,
  meetingsStream,
  callsStream,
  chatMessagesStream,
  transcriptsStream,
  transcriptFragmentsStream,
  filesStream,
  usersStream,
  teamsStream,
  teamMembersStream,
  webhooksStream,
  companyMergesStream,
  personMergesStream,
  relationshipStrengthsStream,
];
