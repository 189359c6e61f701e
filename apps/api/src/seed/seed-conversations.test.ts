import { describe, expect, it } from 'vitest';
import { conversationSummary } from './seed-conversations.js';

/* The summary the seed writes with each conversation: the one the database's triggers keep. */

const CREATED = '2026-11-01T08:00:00.000Z';

function message(id: number, createdAt: string, changes: Record<string, unknown> = {}) {
  return {
    id,
    conversation_id: 1,
    sender_id: 7,
    sender_type: 'client' as const,
    content: 'Bonjour',
    is_read: false,
    team_read_at: null,
    created_at: createdAt,
    deleted_at: null,
    ...changes,
  };
}

describe('conversationSummary', () => {
  it('counts the messages not deleted, and those unread by the team that no admin wrote', () => {
    const summary = conversationSummary(
      [
        message(1, '2026-11-01T09:00:00.000Z', { team_read_at: '2026-11-01T09:05:00.000Z' }),
        message(2, '2026-11-01T10:00:00.000Z'),
        message(3, '2026-11-01T11:00:00.000Z', { sender_type: 'admin' }),
        message(4, '2026-11-01T12:00:00.000Z', { deleted_at: '2026-11-02T08:00:00.000Z' }),
      ],
      CREATED,
    );
    expect(summary).toEqual({
      total_messages: 3,
      unread_messages: 1,
      last_message_id: 3,
      last_activity_at: '2026-11-01T11:00:00.000Z',
    });
  });

  it('takes the latest by time, then by id, whatever the order given', () => {
    const summary = conversationSummary(
      [
        message(9, '2026-11-01T10:00:00.000Z'),
        message(5, '2026-11-01T10:00:00.000Z'),
        message(12, '2026-11-01T09:00:00.000Z'),
      ],
      CREATED,
    );
    expect(summary.last_message_id).toBe(9);
    expect(summary.last_activity_at).toBe('2026-11-01T10:00:00.000Z');
  });

  it('falls back on the creation time without a live message', () => {
    expect(
      conversationSummary([message(1, '2026-11-01T09:00:00.000Z', { deleted_at: CREATED })], CREATED),
    ).toEqual({ total_messages: 0, unread_messages: 0, last_message_id: null, last_activity_at: CREATED });
    expect(conversationSummary([], CREATED).last_activity_at).toBe(CREATED);
  });
});
