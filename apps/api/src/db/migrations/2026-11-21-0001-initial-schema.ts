import {
  type ColumnDefinitionBuilder,
  type CreateTableBuilder,
  type Kysely,
  PostgresAdapter,
  sql,
} from 'kysely';

/*
 * Frozen in time: this migration must not import application code. Every entity of the console is
 * created here; later migrations only add to it.
 */

// biome-ignore lint/suspicious/noExplicitAny: migrations run against the schema as it was, untyped.
type AnyDb = Kysely<any>;
type Table = CreateTableBuilder<string, never>;

interface Types {
  timestamp: 'timestamptz' | 'text';
  boolean: 'boolean' | 'integer';
  amount: 'numeric(14, 2)' | 'real';
  date: 'date' | 'text';
  falseValue: ReturnType<typeof sql> | number;
  trueValue: ReturnType<typeof sql> | number;
}

function typesFor(db: AnyDb): Types & { isPostgres: boolean } {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  return isPostgres
    ? {
        isPostgres,
        timestamp: 'timestamptz',
        boolean: 'boolean',
        amount: 'numeric(14, 2)',
        date: 'date',
        falseValue: sql`false`,
        trueValue: sql`true`,
      }
    : {
        isPostgres,
        timestamp: 'text',
        boolean: 'integer',
        amount: 'real',
        date: 'text',
        falseValue: 0,
        trueValue: 1,
      };
}

function withId(table: Table, isPostgres: boolean): Table {
  return isPostgres
    ? table.addColumn('id', 'integer', (column) => column.primaryKey().generatedByDefaultAsIdentity())
    : table.addColumn('id', 'integer', (column) => column.primaryKey().autoIncrement());
}

const notNull = (column: ColumnDefinitionBuilder) => column.notNull();

export async function up(db: AnyDb): Promise<void> {
  const t = typesFor(db);
  const id = (name: string) => withId(db.schema.createTable(name), t.isPostgres);
  const no = (column: ColumnDefinitionBuilder) => column.notNull().defaultTo(t.falseValue);
  const yes = (column: ColumnDefinitionBuilder) => column.notNull().defaultTo(t.trueValue);
  const zero = (column: ColumnDefinitionBuilder) => column.notNull().defaultTo(0);

  await id('users')
    .addColumn('username', 'varchar(150)', (column) => column.notNull().unique())
    .addColumn('email', 'varchar(254)', (column) => column.notNull().unique())
    .addColumn('password_hash', 'text')
    .addColumn('first_name', 'varchar(150)', (column) => column.notNull().defaultTo(''))
    .addColumn('last_name', 'varchar(150)', (column) => column.notNull().defaultTo(''))
    .addColumn('phone_number', 'varchar(32)')
    .addColumn('role', 'varchar(16)', (column) =>
      column.notNull().check(sql`role in ('client', 'provider', 'admin')`),
    )
    .addColumn('profile_picture', 'text')
    .addColumn('is_active', t.boolean, yes)
    .addColumn('is_verified', t.boolean, no)
    .addColumn('is_phone_verified', t.boolean, no)
    .addColumn('search_text', 'text', (column) => column.notNull().defaultTo(''))
    .addColumn('date_joined', t.timestamp, notNull)
    .addColumn('last_login', t.timestamp)
    .addColumn('deleted_at', t.timestamp)
    .execute();
  await db.schema.createIndex('users_role_idx').on('users').columns(['role', 'date_joined']).execute();
  await db.schema.createIndex('users_date_joined_idx').on('users').columns(['date_joined', 'id']).execute();
  await db.schema.createIndex('users_deleted_at_idx').on('users').column('deleted_at').execute();

  await id('provider_profiles')
    .addColumn('user_id', 'integer', (column) =>
      column.notNull().unique().references('users.id').onDelete('cascade'),
    )
    .addColumn('company_name', 'varchar(200)')
    .addColumn('city', 'varchar(100)')
    .addColumn('address', 'text')
    .addColumn('bio', 'text')
    .addColumn('description', 'text')
    .addColumn('skills', 'text', (column) => column.notNull().defaultTo('[]'))
    .addColumn('average_rating', t.amount, zero)
    .addColumn('total_reviews', 'integer', zero)
    .addColumn('services_count', 'integer', zero)
    .addColumn('completed_projects', 'integer', zero)
    .addColumn('is_verified', t.boolean, no)
    .addColumn('search_text', 'text', (column) => column.notNull().defaultTo(''))
    .addColumn('created_at', t.timestamp, notNull)
    .execute();
  await db.schema
    .createIndex('provider_profiles_verified_idx')
    .on('provider_profiles')
    .columns(['is_verified', 'created_at'])
    .execute();
  await db.schema
    .createIndex('provider_profiles_created_idx')
    .on('provider_profiles')
    .columns(['created_at', 'id'])
    .execute();

  for (const name of ['provider_verifications', 'client_verifications'] as const) {
    let table = id(name).addColumn('user_id', 'integer', (column) =>
      column.notNull().references('users.id').onDelete('cascade'),
    );
    if (name === 'provider_verifications') {
      table = table
        .addColumn('is_business', t.boolean, no)
        .addColumn('business_name', 'varchar(200)')
        .addColumn('business_nif', 'varchar(64)')
        .addColumn('business_registration_number', 'varchar(64)')
        .addColumn('business_description', 'text');
    }
    table = table
      .addColumn('document_type', 'varchar(16)', (column) =>
        column.notNull().check(sql`document_type in ('id_card', 'passport')`),
      )
      .addColumn('id_card_front', 'text')
      .addColumn('id_card_back', 'text')
      .addColumn('passport_image', 'text');
    if (name === 'provider_verifications') table = table.addColumn('selfie_image', 'text');
    await table
      .addColumn('verification_status', 'varchar(16)', (column) =>
        column
          .notNull()
          .defaultTo('pending')
          .check(sql`verification_status in ('pending', 'verified', 'rejected')`),
      )
      .addColumn('submitted_at', t.timestamp, notNull)
      .addColumn('verified_at', t.timestamp)
      .addColumn('verified_by', 'integer', (column) => column.references('users.id').onDelete('set null'))
      .addColumn('rejection_reason', 'text')
      .addColumn('admin_notes', 'text')
      .addColumn('updated_at', t.timestamp, notNull)
      .execute();
    await db.schema
      .createIndex(`${name}_status_idx`)
      .on(name)
      .columns(['verification_status', 'submitted_at'])
      .execute();
    await db.schema.createIndex(`${name}_submitted_idx`).on(name).columns(['submitted_at', 'id']).execute();
    await db.schema.createIndex(`${name}_user_idx`).on(name).column('user_id').execute();
  }

  await id('categories')
    .addColumn('name', 'varchar(100)', (column) => column.notNull().unique())
    .addColumn('description', 'text')
    .addColumn('icon', 'varchar(100)')
    .addColumn('image_url', 'text')
    .addColumn('created_at', t.timestamp, notNull)
    .execute();

  await id('subcategories')
    .addColumn('category_id', 'integer', (column) =>
      column.notNull().references('categories.id').onDelete('cascade'),
    )
    .addColumn('name', 'varchar(100)', notNull)
    .addColumn('description', 'text')
    .addColumn('icon', 'varchar(100)')
    .addColumn('created_at', t.timestamp, notNull)
    .execute();
  await db.schema
    .createIndex('subcategories_category_idx')
    .on('subcategories')
    .column('category_id')
    .execute();

  await id('projects')
    .addColumn('client_id', 'integer', (column) => column.notNull().references('users.id'))
    .addColumn('category_id', 'integer', (column) => column.references('categories.id').onDelete('set null'))
    .addColumn('subcategory_id', 'integer', (column) =>
      column.references('subcategories.id').onDelete('set null'),
    )
    .addColumn('title', 'varchar(200)', notNull)
    .addColumn('description', 'text', (column) => column.notNull().defaultTo(''))
    .addColumn('status', 'varchar(16)', (column) =>
      column
        .notNull()
        .defaultTo('open')
        .check(sql`status in ('open', 'in_progress', 'completed', 'cancelled', 'closed', 'paused')`),
    )
    .addColumn('budget_range', 'varchar(16)', (column) =>
      column.check(sql`budget_range in ('moins_500', '500_1000', '1000_10000', '10000_plus', 'sur_devis')`),
    )
    .addColumn('min_budget', t.amount)
    .addColumn('max_budget', t.amount)
    .addColumn('location', 'varchar(200)')
    .addColumn('deadline', t.date)
    .addColumn('required_skills', 'text', (column) => column.notNull().defaultTo('[]'))
    .addColumn('views_count', 'integer', zero)
    .addColumn('favorites_count', 'integer', zero)
    .addColumn('offers_count', 'integer', zero)
    .addColumn('admin_notes', 'text')
    .addColumn('search_text', 'text', (column) => column.notNull().defaultTo(''))
    .addColumn('created_at', t.timestamp, notNull)
    .addColumn('updated_at', t.timestamp, notNull)
    .execute();
  await db.schema
    .createIndex('projects_status_idx')
    .on('projects')
    .columns(['status', 'created_at'])
    .execute();
  await db.schema.createIndex('projects_created_idx').on('projects').columns(['created_at', 'id']).execute();
  await db.schema.createIndex('projects_category_idx').on('projects').column('category_id').execute();
  await db.schema.createIndex('projects_client_idx').on('projects').column('client_id').execute();

  await id('offers')
    .addColumn('project_id', 'integer', (column) =>
      column.notNull().references('projects.id').onDelete('cascade'),
    )
    .addColumn('provider_id', 'integer', (column) => column.notNull().references('users.id'))
    .addColumn('status', 'varchar(16)', (column) =>
      column
        .notNull()
        .defaultTo('pending')
        .check(sql`status in ('pending', 'accepted', 'rejected', 'withdrawn')`),
    )
    .addColumn('proposed_price', t.amount, notNull)
    .addColumn('delivery_time', 'integer')
    .addColumn('estimated_duration', 'varchar(100)')
    .addColumn('message', 'text')
    .addColumn('created_at', t.timestamp, notNull)
    .execute();
  await db.schema
    .createIndex('offers_project_idx')
    .on('offers')
    .columns(['project_id', 'created_at'])
    .execute();
  await db.schema.createIndex('offers_provider_idx').on('offers').column('provider_id').execute();

  await id('disputes')
    .addColumn('title', 'varchar(200)', notNull)
    .addColumn('description', 'text', (column) => column.notNull().defaultTo(''))
    .addColumn('status', 'varchar(16)', (column) =>
      column.notNull().defaultTo('open').check(sql`status in ('open', 'under_review', 'resolved', 'closed')`),
    )
    .addColumn('client_id', 'integer', (column) => column.notNull().references('users.id'))
    .addColumn('provider_id', 'integer', (column) => column.notNull().references('users.id'))
    .addColumn('project_id', 'integer', (column) => column.references('projects.id'))
    .addColumn('service_title', 'varchar(200)')
    .addColumn('resolution_note', 'text')
    .addColumn('created_at', t.timestamp, notNull)
    .addColumn('updated_at', t.timestamp, notNull)
    .addColumn('resolved_at', t.timestamp)
    .execute();
  await db.schema
    .createIndex('disputes_status_idx')
    .on('disputes')
    .columns(['status', 'created_at'])
    .execute();
  await db.schema.createIndex('disputes_created_idx').on('disputes').columns(['created_at', 'id']).execute();
  await db.schema.createIndex('disputes_client_idx').on('disputes').column('client_id').execute();
  await db.schema.createIndex('disputes_provider_idx').on('disputes').column('provider_id').execute();
  await db.schema.createIndex('disputes_project_idx').on('disputes').column('project_id').execute();

  await id('dispute_evidence')
    .addColumn('dispute_id', 'integer', (column) =>
      column.notNull().references('disputes.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'integer', (column) => column.notNull().references('users.id'))
    .addColumn('description', 'text')
    .addColumn('file', 'text', notNull)
    .addColumn('created_at', t.timestamp, notNull)
    .execute();
  await db.schema
    .createIndex('dispute_evidence_dispute_idx')
    .on('dispute_evidence')
    .column('dispute_id')
    .execute();

  await id('reports')
    .addColumn('type', 'varchar(16)', (column) =>
      column.notNull().check(sql`type in ('provider', 'user', 'review')`),
    )
    .addColumn('reason', 'text', notNull)
    .addColumn('status', 'varchar(16)', (column) =>
      column
        .notNull()
        .defaultTo('pending')
        .check(sql`status in ('pending', 'under_review', 'resolved', 'dismissed')`),
    )
    .addColumn('admin_notes', 'text')
    .addColumn('reporter_id', 'integer', (column) => column.notNull().references('users.id'))
    .addColumn('reported_user_id', 'integer', (column) => column.references('users.id'))
    .addColumn('created_at', t.timestamp, notNull)
    .addColumn('updated_at', t.timestamp, notNull)
    .execute();
  await db.schema.createIndex('reports_created_idx').on('reports').columns(['created_at', 'id']).execute();
  await db.schema.createIndex('reports_status_idx').on('reports').columns(['status', 'created_at']).execute();
  await db.schema.createIndex('reports_reporter_idx').on('reports').column('reporter_id').execute();
  await db.schema.createIndex('reports_reported_idx').on('reports').column('reported_user_id').execute();

  await id('conversations')
    .addColumn('client_id', 'integer', (column) => column.notNull().references('users.id'))
    .addColumn('provider_id', 'integer', (column) => column.notNull().references('users.id'))
    .addColumn('project_id', 'integer', (column) => column.references('projects.id').onDelete('set null'))
    .addColumn('status', 'varchar(16)', (column) =>
      column.notNull().defaultTo('active').check(sql`status in ('active', 'closed')`),
    )
    .addColumn('created_at', t.timestamp, notNull)
    .addColumn('updated_at', t.timestamp, notNull)
    .addColumn('closed_at', t.timestamp)
    .execute();
  await db.schema
    .createIndex('conversations_updated_idx')
    .on('conversations')
    .columns(['updated_at', 'id'])
    .execute();
  await db.schema.createIndex('conversations_created_idx').on('conversations').column('created_at').execute();
  await db.schema.createIndex('conversations_client_idx').on('conversations').column('client_id').execute();
  await db.schema
    .createIndex('conversations_provider_idx')
    .on('conversations')
    .column('provider_id')
    .execute();

  await id('messages')
    .addColumn('conversation_id', 'integer', (column) =>
      column.notNull().references('conversations.id').onDelete('cascade'),
    )
    .addColumn('sender_id', 'integer', (column) => column.references('users.id'))
    .addColumn('sender_type', 'varchar(16)', (column) =>
      column.notNull().check(sql`sender_type in ('admin', 'provider', 'client')`),
    )
    .addColumn('content', 'text', notNull)
    .addColumn('is_read', t.boolean, no)
    .addColumn('created_at', t.timestamp, notNull)
    .addColumn('deleted_at', t.timestamp)
    .execute();
  await db.schema
    .createIndex('messages_conversation_idx')
    .on('messages')
    .columns(['conversation_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('messages_unread_idx')
    .on('messages')
    .columns(['conversation_id', 'is_read'])
    .execute();
  await db.schema.createIndex('messages_sender_idx').on('messages').column('sender_id').execute();

  await id('notifications')
    .addColumn('user_id', 'integer', (column) => column.notNull().references('users.id').onDelete('cascade'))
    .addColumn('title', 'varchar(255)', notNull)
    .addColumn('message', 'text', notNull)
    .addColumn('notification_type', 'varchar(32)', notNull)
    .addColumn('priority', 'varchar(16)', (column) =>
      column.notNull().defaultTo('normal').check(sql`priority in ('low', 'normal', 'high', 'urgent')`),
    )
    .addColumn('is_read', t.boolean, no)
    .addColumn('related_object_type', 'varchar(32)', (column) =>
      column.check(sql`related_object_type in ('dispute', 'project', 'provider_verification', 'user')`),
    )
    .addColumn('related_object_id', 'integer')
    .addColumn('created_by', 'integer', (column) => column.references('users.id').onDelete('set null'))
    .addColumn('created_at', t.timestamp, notNull)
    .addColumn('read_at', t.timestamp)
    .execute();
  await db.schema
    .createIndex('notifications_created_idx')
    .on('notifications')
    .columns(['created_at', 'id'])
    .execute();
  await db.schema
    .createIndex('notifications_user_idx')
    .on('notifications')
    .columns(['user_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('notifications_read_idx')
    .on('notifications')
    .columns(['is_read', 'created_at'])
    .execute();
  await db.schema
    .createIndex('notifications_type_idx')
    .on('notifications')
    .columns(['notification_type', 'created_at'])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  for (const table of [
    'notifications',
    'messages',
    'conversations',
    'reports',
    'dispute_evidence',
    'disputes',
    'offers',
    'projects',
    'subcategories',
    'categories',
    'client_verifications',
    'provider_verifications',
    'provider_profiles',
    'users',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
