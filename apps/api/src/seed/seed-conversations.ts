import type { Insertable } from 'kysely';
import type { ConversationsTable, MessagesTable } from '../db/schema.js';
import type { SeedContext } from './seed-context.js';
import type { SeededProject } from './seed-projects.js';
import type { ChunkClient } from './seed-users.js';
import { conversationMessage } from './texts.js';
import { DAY, HOUR, isoString, MINUTE, timeAfter, timeBetween } from './timeline.js';

/* Conversations between clients and providers, with their messages (some unread, a few by admins). */

/** Chance that a project has a conversation; plus a few conversations without project. */
const PROJECT_CONVERSATION_SHARE = 0.31;
const FREE_CONVERSATION_SHARE = 0.04;

interface ConversationSubject {
  clientId: number;
  providerId: number;
  providerJoinedMs: number;
  projectId: number | null;
  title: string | null;
  /** Earliest time the conversation can start. */
  startMs: number;
}

interface ConversationPlan {
  row: Insertable<ConversationsTable>;
  messages: Omit<Insertable<MessagesTable>, 'conversation_id'>[];
}

function planConversation(context: SeedContext, subject: ConversationSubject): ConversationPlan {
  const { random, nowMs } = context;
  const status = context.pickers.conversationStatus.next(random);
  const fresh = random.chance(0.06);
  const earliest = Math.min(nowMs, Math.max(subject.startMs, subject.providerJoinedMs));
  const createdMs = fresh
    ? timeBetween(random, Math.max(earliest, nowMs - 20 * HOUR), nowMs)
    : timeAfter(random, earliest, 72 * HOUR, nowMs);
  const recent = status === 'active' && (fresh || random.chance(0.45));
  let lastMs: number;
  if (fresh) lastMs = timeBetween(random, createdMs, nowMs);
  else if (recent) lastMs = Math.max(createdMs, nowMs - random.int(0, 5 * 24 * 60) * MINUTE);
  else lastMs = timeAfter(random, createdMs, 20 * DAY, nowMs);

  const count = random.int(2, 15);
  const offsets = [0, 1];
  for (let index = 2; index < count; index += 1) offsets.push(random.next());
  offsets.sort((first, second) => first - second);
  const adminPosition = context.adminIds.length > 0 && random.chance(0.12) ? random.int(1, count - 1) : -1;
  const unreadFrom = recent && random.chance(0.7) ? count - random.int(1, 3) : count;
  let sender: 'client' | 'provider' = random.chance(0.75) ? 'client' : 'provider';
  const messages: ConversationPlan['messages'] = [];
  for (let position = 0; position < count; position += 1) {
    const createdAt = isoString(Math.floor(createdMs + (lastMs - createdMs) * (offsets[position] ?? 1)));
    if (position === adminPosition) {
      messages.push({
        sender_id: random.pick(context.adminIds),
        sender_type: 'admin',
        content: conversationMessage(random, 'admin', position, subject.title),
        is_read: true,
        team_read_at: createdAt,
        created_at: createdAt,
        deleted_at: null,
      });
      continue;
    }
    messages.push({
      sender_id: sender === 'client' ? subject.clientId : subject.providerId,
      sender_type: sender,
      content: conversationMessage(random, sender, position, subject.title),
      is_read: position < unreadFrom,
      // Demo data: the moderation team has read what the recipients have read.
      team_read_at: position < unreadFrom ? createdAt : null,
      created_at: createdAt,
      deleted_at: null,
    });
    if (random.chance(0.8)) sender = sender === 'client' ? 'provider' : 'client';
  }
  return {
    messages,
    row: {
      client_id: subject.clientId,
      provider_id: subject.providerId,
      search_text: context.partyTexts.of(subject.clientId, subject.providerId),
      project_id: subject.projectId,
      status,
      created_at: isoString(createdMs),
      updated_at: isoString(lastMs),
      closed_at: status === 'closed' ? isoString(timeAfter(random, lastMs, 48 * HOUR, nowMs)) : null,
    },
  };
}

function subjects(
  context: SeedContext,
  projects: readonly SeededProject[],
  clients: readonly ChunkClient[],
): ConversationSubject[] {
  const { random, providers } = context;
  const result: ConversationSubject[] = [];
  for (const project of projects) {
    if (!random.chance(PROJECT_CONVERSATION_SHARE)) continue;
    const offer = project.offers.length > 0 ? random.pick(project.offers) : undefined;
    const index = offer ? -1 : providers.randomIndex(random);
    const providerId = offer?.providerId ?? providers.ids[index];
    if (providerId === undefined) continue;
    result.push({
      clientId: project.clientId,
      providerId,
      providerJoinedMs: offer?.providerJoinedMs ?? providers.joined[index] ?? project.createdMs,
      projectId: project.id,
      title: project.title,
      startMs: offer?.createdMs ?? project.createdMs,
    });
  }
  for (const client of clients) {
    if (!random.chance(FREE_CONVERSATION_SHARE)) continue;
    const index = providers.randomIndex(random);
    const providerId = providers.ids[index];
    if (providerId === undefined) continue;
    result.push({
      clientId: client.id,
      providerId,
      providerJoinedMs: providers.joined[index] ?? client.joinedMs,
      projectId: null,
      title: null,
      startMs: client.joinedMs,
    });
  }
  return result;
}

type SeededMessage = Insertable<MessagesTable> & { id: number; created_at: string };

/**
 * A conversation's summary from its messages, as the database keeps it
 * (db/migrations/support/conversation-summaries.ts): its messages not deleted, those not read by the
 * moderation team and not written by an admin, and the latest not deleted (by time, then id), whose
 * time is the last activity (the conversation's creation without one).
 */
export function conversationSummary(messages: readonly SeededMessage[], createdAt: string) {
  let total = 0;
  let unread = 0;
  let last: SeededMessage | null = null;
  for (const message of messages) {
    if (message.deleted_at) continue;
    total += 1;
    if (!message.team_read_at && message.sender_type !== 'admin') unread += 1;
    const newer =
      last === null ||
      message.created_at > last.created_at ||
      (message.created_at === last.created_at && message.id > last.id);
    if (newer) last = message;
  }
  return {
    total_messages: total,
    unread_messages: unread,
    last_message_id: last?.id ?? null,
    last_activity_at: last?.created_at ?? createdAt,
  };
}

/** Conversations about some of the given projects, and a few between clients and providers directly. */
export async function seedConversations(
  context: SeedContext,
  projects: readonly SeededProject[],
  clients: readonly ChunkClient[],
): Promise<void> {
  const plans = subjects(context, projects, clients).map((subject) => planConversation(context, subject));
  const firstId = context.writer.reserveIds('conversations', plans.length);
  const messageCount = plans.reduce((sum, plan) => sum + plan.messages.length, 0);
  let nextMessageId = context.writer.reserveIds('messages', messageCount);
  const conversations: Insertable<ConversationsTable>[] = [];
  const messages: SeededMessage[] = [];
  for (const [position, plan] of plans.entries()) {
    const id = firstId + position;
    const thread = plan.messages.map((message) => ({ ...message, id: nextMessageId++, conversation_id: id }));
    // Written with its messages: the summary the database would compute (seed-database).
    conversations.push({ id, ...plan.row, ...conversationSummary(thread, plan.row.created_at) });
    for (const message of thread) messages.push(message);
  }
  await context.writer.insert('conversations', conversations);
  await context.writer.insert('messages', messages);
  context.summary.conversations += conversations.length;
  context.summary.messages += messages.length;
}
