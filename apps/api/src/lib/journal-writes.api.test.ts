import type { Insertable, Kysely, KyselyPlugin } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEntriesTable, Database } from '../db/schema.js';
import { createTestContext, type TestContext } from '../test/test-context.js';
import { recordAudit } from './audit-trail.js';
import { writeJournalRows } from './journal-writes.js';

/*
 * The journal's entries written outside a transaction (lib/journal-writes.ts): the calls of a moment
 * go in by one statement, each call's entries in its order, and one call's refused entries fail that
 * call alone.
 */

/** `db` counting the statements that insert into the journal. */
function countingInserts(db: Kysely<Database>): { db: Kysely<Database>; inserts: () => number } {
  let inserts = 0;
  const plugin: KyselyPlugin = {
    transformQuery(args) {
      if (args.node.kind === 'InsertQueryNode') inserts += 1;
      return args.node;
    },
    async transformResult(args) {
      return args.result;
    },
  };
  return { db: db.withPlugin(plugin), inserts: () => inserts };
}

function entryRow(label: string): Insertable<AuditEntriesTable> {
  return {
    created_at: new Date().toISOString(),
    admin_id: null,
    admin_label: null,
    request_id: label,
    ip_address: null,
    action: 'conversation.read_messages',
    object_type: null,
    object_id: null,
    object_label: label,
    changes: '[]',
    details: null,
    search_text: label,
  };
}

describe("the journal's writes outside a transaction", () => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(async () => ctx.close());

  const labelsOf = async (prefix: string) =>
    (
      await ctx.db
        .selectFrom('audit_entries')
        .select('object_label')
        .where('object_label', 'like', `${prefix}%`)
        .orderBy('id')
        .execute()
    ).map((row) => row.object_label);

  it('writes the calls made together by one statement, each once committed, in the calls’ order', async () => {
    const { db, inserts } = countingInserts(ctx.db);
    const calls = ['together-1', 'together-2', 'together-3', 'together-4', 'together-5'].map((label) =>
      recordAudit(db, {
        action: 'conversation.read_messages',
        object: { type: 'conversation', id: 7, label },
        actor: null,
      }),
    );
    await Promise.all(calls);
    expect(inserts()).toBe(1);
    expect(await labelsOf('together-')).toEqual([
      'together-1',
      'together-2',
      'together-3',
      'together-4',
      'together-5',
    ]);
    // A call made later goes by its own statement.
    await recordAudit(db, {
      action: 'conversation.read_messages',
      object: { type: 'conversation', id: 7, label: 'together-6' },
      actor: null,
    });
    expect(inserts()).toBe(2);
    expect(await labelsOf('together-')).toHaveLength(6);
  });

  it('fails only the call whose entry the database refuses', async () => {
    const refused = { ...entryRow('refused-2'), action: null as unknown as string };
    const results = await Promise.allSettled([
      writeJournalRows(ctx.db, [entryRow('refused-1')]),
      writeJournalRows(ctx.db, [refused]),
      writeJournalRows(ctx.db, [entryRow('refused-3'), entryRow('refused-4')]),
    ]);
    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(await labelsOf('refused-')).toEqual(['refused-1', 'refused-3', 'refused-4']);
  });

  it('keeps an entry written in a transaction to that transaction', async () => {
    await expect(
      ctx.db.transaction().execute(async (trx) => {
        await recordAudit(trx, {
          action: 'conversation.read_messages',
          object: { type: 'conversation', id: 7, label: 'rolled-back' },
          actor: null,
        });
        expect(
          await trx
            .selectFrom('audit_entries')
            .select('id')
            .where('object_label', '=', 'rolled-back')
            .execute(),
        ).toHaveLength(1);
        throw new Error('annulée');
      }),
    ).rejects.toThrow('annulée');
    expect(await labelsOf('rolled-back')).toEqual([]);
  });
});
