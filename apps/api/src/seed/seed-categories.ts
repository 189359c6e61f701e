import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { catalogueNameKey } from '../lib/search-text.js';
import { insertRows } from './batch-insert.js';
import { CATALOG } from './catalog.js';
import type { SeedContext } from './seed-context.js';
import { DAY, isoString } from './timeline.js';

/** Inserts the catalogue: categories first, then their subcategories. */
export async function seedCategories(db: Kysely<Database>, context: SeedContext): Promise<void> {
  const createdAt = isoString(context.nowMs - 400 * DAY);
  const categoryIds = await insertRows(
    db,
    'categories',
    CATALOG.map((category) => ({
      name: category.name,
      name_key: catalogueNameKey(category.name),
      description: category.description,
      icon: category.icon,
      image_url: `https://images.example.com/categories/${category.slug}.jpg`,
      created_at: createdAt,
    })),
    true,
  );
  const subcategoryRows = CATALOG.flatMap((category, index) =>
    category.subcategories.map((subcategory) => ({
      category_id: categoryIds[index] ?? 0,
      name: subcategory.name,
      name_key: catalogueNameKey(subcategory.name),
      description: subcategory.description,
      icon: subcategory.icon,
      created_at: createdAt,
    })),
  );
  const subcategoryIds = await insertRows(db, 'subcategories', subcategoryRows, true);
  context.categories = CATALOG.map((catalog, index) => ({
    id: categoryIds[index] ?? 0,
    catalog,
    subcategoryIds: subcategoryIds.filter(
      (_, position) => subcategoryRows[position]?.category_id === categoryIds[index],
    ),
  }));
  context.summary.categories += categoryIds.length;
  context.summary.subcategories += subcategoryIds.length;
}
