import type {
  Category,
  CategoryBody,
  CategoryList,
  Subcategory,
  SubcategoryBody,
  SubcategoryList,
} from '@kwanza/contract';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import { dialectOf, nowIso } from '../../db/sql.js';
import { runInTransaction } from '../../db/transaction.js';
import { recordCreation, trackChanges } from '../../lib/audit-objects.js';
import { badRequest, conflict, notFound } from '../../lib/http-errors.js';
import { catalogueNameKey } from '../../lib/search-text.js';

/*
 * The category catalogue. Lists are small (a few dozen rows) and answered whole, sorted with the
 * French collation; the project counts are kept by triggers (migration 2026-11-23-0002), never
 * counted per request. Writes check uniqueness of the accent- and case-free name (`name_key`, with a
 * unique index behind the check for concurrent saves) and never orphan projects: an entry in use is
 * deleted only together with the move of its projects, in one transaction.
 */

const CATEGORY_NOT_FOUND = 'Catégorie introuvable';
const SUBCATEGORY_NOT_FOUND = 'Sous-catégorie introuvable';
const CATEGORY_NAME_TAKEN = 'Une catégorie porte déjà ce nom';
const SUBCATEGORY_NAME_TAKEN = 'Cette catégorie a déjà une sous-catégorie de ce nom';
const PARENT_MISSING = "La catégorie parente n'existe pas";

const collator = new Intl.Collator('fr', { sensitivity: 'base', numeric: true });
const byName = <T extends { name: string; id: number }>(a: T, b: T) =>
  collator.compare(a.name, b.name) || a.id - b.id;

const projetsLabel = (n: number) => (n === 1 ? '1 projet' : `${n.toLocaleString('fr-FR')} projets`);

export async function listCategories(db: Kysely<Database>): Promise<CategoryList> {
  const [rows, children] = await Promise.all([
    db
      .selectFrom('categories')
      .select(['id', 'name', 'description', 'icon', 'image_url', 'projects_count', 'created_at'])
      .execute(),
    db
      .selectFrom('subcategories')
      .select(['category_id', (eb) => eb.fn.countAll<number | string>().as('n')])
      .groupBy('category_id')
      .execute(),
  ]);
  const childCount = new Map(children.map((row) => [row.category_id, Number(row.n)]));
  return rows.map((row) => toCategory(row, childCount.get(row.id) ?? 0)).sort(byName);
}

export async function getCategory(db: Kysely<Database>, id: number): Promise<Category> {
  const row = await db
    .selectFrom('categories')
    .select(['id', 'name', 'description', 'icon', 'image_url', 'projects_count', 'created_at'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) throw notFound(CATEGORY_NOT_FOUND);
  const children = await db
    .selectFrom('subcategories')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('category_id', '=', id)
    .executeTakeFirstOrThrow();
  return toCategory(row, Number(children.n));
}

function toCategory(
  row: {
    id: number;
    name: string;
    description: string | null;
    icon: string | null;
    image_url: string | null;
    projects_count: number;
    created_at: string;
  },
  subcategories: number,
): Category {
  return {
    id: row.id,
    name: row.name,
    description: row.description ?? '',
    icon: row.icon ?? '',
    image_url: row.image_url,
    subcategories_count: subcategories,
    projects_count: Number(row.projects_count),
    created_at: row.created_at,
  };
}

function subcategoryQuery(db: Kysely<Database>) {
  return db
    .selectFrom('subcategories')
    .innerJoin('categories', 'categories.id', 'subcategories.category_id')
    .select([
      'subcategories.id',
      'subcategories.name',
      'subcategories.description',
      'subcategories.icon',
      'subcategories.category_id',
      'categories.name as category_name',
      'subcategories.projects_count',
      'subcategories.created_at',
    ]);
}

type SubcategoryRow = Awaited<ReturnType<ReturnType<typeof subcategoryQuery>['executeTakeFirstOrThrow']>>;

function toSubcategory(row: SubcategoryRow): Subcategory {
  return {
    id: row.id,
    name: row.name,
    description: row.description ?? '',
    icon: row.icon ?? '',
    category: row.category_id,
    category_name: row.category_name,
    projects_count: Number(row.projects_count),
    created_at: row.created_at,
  };
}

export async function listSubcategories(
  db: Kysely<Database>,
  filters: { category?: number | undefined },
): Promise<SubcategoryList> {
  let query = subcategoryQuery(db);
  if (filters.category !== undefined) query = query.where('subcategories.category_id', '=', filters.category);
  const rows = await query.execute();
  return rows.map(toSubcategory).sort(byName);
}

export async function getSubcategory(db: Kysely<Database>, id: number): Promise<Subcategory> {
  const row = await subcategoryQuery(db).where('subcategories.id', '=', id).executeTakeFirst();
  if (!row) throw notFound(SUBCATEGORY_NOT_FOUND);
  return toSubcategory(row);
}

/** A unique index refused the name: another admin saved the same name a moment earlier. */
function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'SQLITE_CONSTRAINT_UNIQUE' || code === '23505';
}

async function withNameGuard<T>(message: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) throw badRequest(message, { name: [message] });
    throw error;
  }
}

async function categoryNameTaken(trx: Transaction<Database>, key: string, except?: number): Promise<boolean> {
  let query = trx.selectFrom('categories').select('id').where('name_key', '=', key);
  if (except !== undefined) query = query.where('id', '<>', except);
  return (await query.executeTakeFirst()) !== undefined;
}

async function subcategoryNameTaken(
  trx: Transaction<Database>,
  parent: number,
  key: string,
  except?: number,
): Promise<boolean> {
  let query = trx
    .selectFrom('subcategories')
    .select('id')
    .where('category_id', '=', parent)
    .where('name_key', '=', key);
  if (except !== undefined) query = query.where('id', '<>', except);
  return (await query.executeTakeFirst()) !== undefined;
}

function categoryValues(body: CategoryBody) {
  return {
    name: body.name,
    name_key: catalogueNameKey(body.name),
    description: body.description,
    icon: body.icon,
    image_url: body.image_url,
  };
}

export async function createCategory(db: Kysely<Database>, body: CategoryBody): Promise<Category> {
  const values = categoryValues(body);
  const id = await withNameGuard(CATEGORY_NAME_TAKEN, () =>
    runInTransaction(db, async (trx) => {
      if (await categoryNameTaken(trx, values.name_key)) {
        throw badRequest(CATEGORY_NAME_TAKEN, { name: [CATEGORY_NAME_TAKEN] });
      }
      const row = await trx
        .insertInto('categories')
        .values({ ...values, created_at: nowIso() })
        .returning('id')
        .executeTakeFirstOrThrow();
      await recordCreation(trx, 'category', row.id);
      return row.id;
    }),
  );
  return getCategory(db, id);
}

export async function updateCategory(
  db: Kysely<Database>,
  id: number,
  body: CategoryBody,
): Promise<Category> {
  const values = categoryValues(body);
  await withNameGuard(CATEGORY_NAME_TAKEN, () =>
    runInTransaction(db, async (trx) => {
      if (await categoryNameTaken(trx, values.name_key, id)) {
        throw badRequest(CATEGORY_NAME_TAKEN, { name: [CATEGORY_NAME_TAKEN] });
      }
      const audit = await trackChanges(trx, 'category', [id]);
      const result = await trx.updateTable('categories').set(values).where('id', '=', id).executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0) throw notFound(CATEGORY_NOT_FOUND);
      await audit.record();
    }),
  );
  return getCategory(db, id);
}

async function requireParent(trx: Transaction<Database>, parent: number): Promise<void> {
  const row = await trx.selectFrom('categories').select('id').where('id', '=', parent).executeTakeFirst();
  if (!row) throw badRequest(PARENT_MISSING, { category: [PARENT_MISSING] });
}

function subcategoryValues(body: SubcategoryBody) {
  return {
    name: body.name,
    name_key: catalogueNameKey(body.name),
    description: body.description,
    icon: body.icon,
    category_id: body.category,
  };
}

export async function createSubcategory(db: Kysely<Database>, body: SubcategoryBody): Promise<Subcategory> {
  const values = subcategoryValues(body);
  const id = await withNameGuard(SUBCATEGORY_NAME_TAKEN, () =>
    runInTransaction(db, async (trx) => {
      await lockCategories(trx, [values.category_id]);
      await requireParent(trx, values.category_id);
      if (await subcategoryNameTaken(trx, values.category_id, values.name_key)) {
        throw badRequest(SUBCATEGORY_NAME_TAKEN, { name: [SUBCATEGORY_NAME_TAKEN] });
      }
      const row = await trx
        .insertInto('subcategories')
        .values({ ...values, created_at: nowIso() })
        .returning('id')
        .executeTakeFirstOrThrow();
      await recordCreation(trx, 'subcategory', row.id);
      return row.id;
    }),
  );
  return getSubcategory(db, id);
}

export async function updateSubcategory(
  db: Kysely<Database>,
  id: number,
  body: SubcategoryBody,
): Promise<Subcategory> {
  const values = subcategoryValues(body);
  await withNameGuard(SUBCATEGORY_NAME_TAKEN, () =>
    runInTransaction(db, async (trx) => {
      await lockCategories(trx, [values.category_id]);
      const current = await trx
        .selectFrom('subcategories')
        .select(['id', 'category_id'])
        .where('id', '=', id)
        .executeTakeFirst();
      if (!current) throw notFound(SUBCATEGORY_NOT_FOUND);
      await requireParent(trx, values.category_id);
      if (await subcategoryNameTaken(trx, values.category_id, values.name_key, id)) {
        throw badRequest(SUBCATEGORY_NAME_TAKEN, { name: [SUBCATEGORY_NAME_TAKEN] });
      }
      const audit = await trackChanges(trx, 'subcategory', [id]);
      await trx.updateTable('subcategories').set(values).where('id', '=', id).execute();
      await audit.record();
      if (current.category_id !== values.category_id) {
        // Projects filed under this subcategory follow it to its new parent.
        await trx
          .updateTable('projects')
          .set({ category_id: values.category_id })
          .where('subcategory_id', '=', id)
          .execute();
      }
    }),
  );
  return getSubcategory(db, id);
}

/**
 * PostgreSQL: locks categories rows in id order, so that a delete, a move into them and a new
 * subcategory under them wait for each other instead of interleaving (SQLite writers are serial).
 */
async function lockCategories(trx: Transaction<Database>, ids: number[]): Promise<void> {
  if (dialectOf<Database>(trx) !== 'postgres') return;
  const sorted = [...new Set(ids)].sort((a, b) => a - b);
  await trx
    .selectFrom('categories')
    .select('id')
    .where('id', 'in', sorted)
    .orderBy('id')
    .forUpdate()
    .execute();
}

async function lockSubcategories(trx: Transaction<Database>, ids: number[]): Promise<void> {
  if (dialectOf<Database>(trx) !== 'postgres') return;
  const sorted = [...new Set(ids)].sort((a, b) => a - b);
  await trx
    .selectFrom('subcategories')
    .select('id')
    .where('id', 'in', sorted)
    .orderBy('id')
    .forUpdate()
    .execute();
}

/** Projects filed under the category or under one of its subcategories. */
async function projectsUsingCategory(trx: Transaction<Database>, id: number): Promise<number> {
  const row = await trx
    .selectFrom('projects')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where((eb) =>
      eb.or([
        eb('category_id', '=', id),
        eb('subcategory_id', 'in', eb.selectFrom('subcategories').select('id').where('category_id', '=', id)),
      ]),
    )
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Deletes a category and its subcategories. When projects use it, `moveTo` must name another
 * category: the projects move there (their subcategory, which goes with the deleted category, is
 * cleared) in the same transaction; without it the answer is a 409 with the number of projects.
 */
export async function deleteCategory(db: Kysely<Database>, id: number, moveTo?: number): Promise<void> {
  if (moveTo === id) {
    const detail = 'Choisissez une autre catégorie que celle qui est supprimée';
    throw badRequest(detail, { move_projects_to: [detail] });
  }
  await runInTransaction(db, async (trx) => {
    await lockCategories(trx, moveTo === undefined ? [id] : [id, moveTo]);
    const exists = await trx.selectFrom('categories').select('id').where('id', '=', id).executeTakeFirst();
    if (!exists) throw notFound(CATEGORY_NOT_FOUND);
    const used = await projectsUsingCategory(trx, id);
    const audit = await trackChanges(trx, 'category', [id]);
    if (used > 0) {
      if (moveTo === undefined) {
        throw conflict(
          `Cette catégorie est utilisée par ${projetsLabel(used)}. Choisissez une catégorie vers laquelle les déplacer avant de la supprimer.`,
          'category_in_use',
        );
      }
      const target = await trx
        .selectFrom('categories')
        .select('id')
        .where('id', '=', moveTo)
        .executeTakeFirst();
      if (!target) {
        const detail = "La catégorie de destination n'existe pas";
        throw badRequest(detail, { move_projects_to: [detail] });
      }
      const children = trx.selectFrom('subcategories').select('id').where('category_id', '=', id);
      await trx
        .updateTable('projects')
        .set({ category_id: moveTo, subcategory_id: null })
        .where('category_id', '=', id)
        .execute();
      await trx
        .updateTable('projects')
        .set({ subcategory_id: null })
        .where('subcategory_id', 'in', children)
        .execute();
    }
    const subcategories = await trx
      .deleteFrom('subcategories')
      .where('category_id', '=', id)
      .executeTakeFirst();
    await trx.deleteFrom('categories').where('id', '=', id).execute();
    await audit.record({
      details: {
        subcategories_deleted: Number(subcategories.numDeletedRows),
        projects_moved: used,
        ...(used > 0 && moveTo !== undefined ? { projects_moved_to: moveTo } : {}),
      },
    });
  });
}

/**
 * Deletes a subcategory. When projects use it, `moveTo` must name another subcategory: the projects
 * move there (and to its parent category) in the same transaction; otherwise a 409.
 */
export async function deleteSubcategory(db: Kysely<Database>, id: number, moveTo?: number): Promise<void> {
  if (moveTo === id) {
    const detail = 'Choisissez une autre sous-catégorie que celle qui est supprimée';
    throw badRequest(detail, { move_projects_to: [detail] });
  }
  await runInTransaction(db, async (trx) => {
    await lockSubcategories(trx, moveTo === undefined ? [id] : [id, moveTo]);
    const current = await trx
      .selectFrom('subcategories')
      .select(['id', 'projects_count'])
      .where('id', '=', id)
      .executeTakeFirst();
    if (!current) throw notFound(SUBCATEGORY_NOT_FOUND);
    const used = Number(current.projects_count);
    const audit = await trackChanges(trx, 'subcategory', [id]);
    if (used > 0) {
      if (moveTo === undefined) {
        throw conflict(
          `Cette sous-catégorie est utilisée par ${projetsLabel(used)}. Choisissez une sous-catégorie vers laquelle les déplacer avant de la supprimer.`,
          'subcategory_in_use',
        );
      }
      const target = await trx
        .selectFrom('subcategories')
        .select(['id', 'category_id'])
        .where('id', '=', moveTo)
        .executeTakeFirst();
      if (!target) {
        const detail = "La sous-catégorie de destination n'existe pas";
        throw badRequest(detail, { move_projects_to: [detail] });
      }
      await trx
        .updateTable('projects')
        .set({ subcategory_id: target.id, category_id: target.category_id })
        .where('subcategory_id', '=', id)
        .execute();
    }
    await trx.deleteFrom('subcategories').where('id', '=', id).execute();
    await audit.record({
      details: {
        projects_moved: used,
        ...(used > 0 && moveTo !== undefined ? { projects_moved_to: moveTo } : {}),
      },
    });
  });
}
