import { type Kysely, PostgresAdapter, sql } from 'kysely';
import {
  dropConversationSummaryTriggers,
  installConversationSummaries,
} from './support/conversation-summaries.js';

/*
 * Frozen in time: no application imports (the support module is frozen with it).
 *
 * Conversation moderation at any size:
 * - messages get the moderation team's own read mark (`team_read_at`: an admin reading a thread
 *   never changes what the client or provider sees as read, `is_read`), backfilled from `is_read`
 *   (an admin's own messages count as read by the team), and `deleted_by` (who removed a message;
 *   `deleted_at` says when; the row stays for disputes);
 * - conversations keep what their list shows (`total_messages`, `unread_messages`,
 *   `last_message_id`, `last_activity_at`) and `conversation_figures` keeps two totals, all by
 *   triggers (see support/conversation-summaries.ts), backfilled here;
 * - indexes serve the list's order (last activity) under each filter, and the thread.
 */

// biome-ignore lint/suspicious/noExplicitAny: migrations run against the schema as it was, untyped.
type AnyDb = Kysely<any>;

const isPostgres = (db: AnyDb) => db.getExecutor().adapter instanceof PostgresAdapter;

interface Index {
  name: string;
  table: string;
  columns: string[];
  where?: string;
}

const INDEXES: Index[] = [
  { name: 'conversations_activity_idx', table: 'conversations', columns: ['last_activity_at', 'id'] },
  {
    name: 'conversations_unread_activity_idx',
    table: 'conversations',
    columns: ['last_activity_at', 'id'],
    where: 'unread_messages > 0',
  },
  {
    name: 'conversations_read_activity_idx',
    table: 'conversations',
    columns: ['last_activity_at', 'id'],
    where: 'unread_messages = 0',
  },
  {
    name: 'conversations_client_activity_idx',
    table: 'conversations',
    columns: ['client_id', 'last_activity_at', 'id'],
  },
  {
    name: 'conversations_provider_activity_idx',
    table: 'conversations',
    columns: ['provider_id', 'last_activity_at', 'id'],
  },
  {
    name: 'messages_live_thread_idx',
    table: 'messages',
    columns: ['conversation_id', 'created_at', 'id'],
    where: 'deleted_at is null',
  },
  {
    name: 'messages_team_unread_idx',
    table: 'messages',
    columns: ['conversation_id'],
    where: 'team_read_at is null and deleted_at is null',
  },
];

export async function up(db: AnyDb): Promise<void> {
  const timestamp = isPostgres(db) ? 'timestamptz' : 'text';
  await db.schema.alterTable('messages').addColumn('team_read_at', timestamp).execute();
  await db.schema
    .alterTable('messages')
    .addColumn('deleted_by', 'integer', (column) => column.references('users.id').onDelete('set null'))
    .execute();
  await sql
    .raw(
      `update messages set team_read_at = created_at where ${isPostgres(db) ? 'is_read' : 'is_read = 1'} or sender_type = 'admin'`,
    )
    .execute(db);
  for (const column of ['total_messages', 'unread_messages']) {
    await db.schema
      .alterTable('conversations')
      .addColumn(column, 'integer', (builder) => builder.notNull().defaultTo(0))
      .execute();
  }
  await db.schema.alterTable('conversations').addColumn('last_message_id', 'integer').execute();
  /* Null only until the insert trigger sets it (the creation time, then the latest message's). */
  await db.schema.alterTable('conversations').addColumn('last_activity_at', timestamp).execute();
  await db.schema
    .createTable('conversation_figures')
    .addColumn('name', 'varchar(32)', (column) => column.primaryKey())
    .addColumn('n', isPostgres(db) ? 'bigint' : 'integer', (column) => column.notNull().defaultTo(0))
    .execute();
  for (const index of INDEXES) {
    let builder = db.schema.createIndex(index.name).on(index.table).columns(index.columns);
    if (index.where) builder = builder.where(sql.raw<boolean>(index.where));
    await builder.execute();
  }
  await installConversationSummaries(db);
}

export async function down(db: AnyDb): Promise<void> {
  await dropConversationSummaryTriggers(db);
  if (isPostgres(db)) {
    for (const name of ['messages_summary', 'conversations_summary_default', 'conversations_figures']) {
      await sql.raw(`drop function if exists ${name}()`).execute(db);
    }
  }
  for (const index of INDEXES) await db.schema.dropIndex(index.name).ifExists().execute();
  await db.schema.dropTable('conversation_figures').ifExists().execute();
  for (const column of ['last_activity_at', 'last_message_id', 'unread_messages', 'total_messages']) {
    await db.schema.alterTable('conversations').dropColumn(column).execute();
  }
  await db.schema.alterTable('messages').dropColumn('deleted_by').execute();
  await db.schema.alterTable('messages').dropColumn('team_read_at').execute();
}
