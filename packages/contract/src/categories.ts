import { z } from 'zod';
import { RowId } from './common.js';

/*
 * The category catalogue (spec sections 3 and 7 "Categories"). Both lists answer a plain array,
 * never a page: the catalogue is a few dozen entries that the screen shows whole, in French
 * alphabetical order (accents and case ignored).
 */

export const CATALOGUE_NAME_MAX = 100;
export const CATALOGUE_DESCRIPTION_MAX = 2000;
export const CATALOGUE_ICON_MAX = 50;
export const CATALOGUE_IMAGE_URL_MAX = 2000;
/** An icon is a short token: letters, digits, dashes and underscores ('home', 'person', 'local_shipping'). */
export const ICON_PATTERN = /^[A-Za-z0-9_-]+$/;

export const Category = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  icon: z.string(),
  image_url: z.string().nullable(),
  subcategories_count: z.number().int(),
  projects_count: z.number().int(),
  created_at: z.string(),
});
export type Category = z.infer<typeof Category>;
export const CategoryList = z.array(Category);
export type CategoryList = z.infer<typeof CategoryList>;

export const Subcategory = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  icon: z.string(),
  /** Parent id. */
  category: z.number().int(),
  category_name: z.string(),
  projects_count: z.number().int(),
  created_at: z.string(),
});
export type Subcategory = z.infer<typeof Subcategory>;
export const SubcategoryList = z.array(Subcategory);
export type SubcategoryList = z.infer<typeof SubcategoryList>;

const name = z
  .string({ message: 'Le nom est requis' })
  .trim()
  .min(1, { message: 'Le nom est requis' })
  .max(CATALOGUE_NAME_MAX, { message: `Le nom ne peut pas dépasser ${CATALOGUE_NAME_MAX} caractères` });

const description = z
  .string()
  .trim()
  .max(CATALOGUE_DESCRIPTION_MAX, {
    message: `La description ne peut pas dépasser ${CATALOGUE_DESCRIPTION_MAX} caractères`,
  })
  .nullish()
  .transform((value) => value ?? '');

const icon = z
  .string()
  .trim()
  .max(CATALOGUE_ICON_MAX, { message: `L'icône ne peut pas dépasser ${CATALOGUE_ICON_MAX} caractères` })
  .refine((value) => value === '' || ICON_PATTERN.test(value), {
    message:
      "L'icône doit être un nom court fait de lettres, de chiffres, de tirets ou de soulignés (par exemple home)",
  })
  .nullish()
  .transform((value) => value ?? '');

/** An absolute http(s) URL with a host and no spaces (what `<input type="url">` accepts, http(s) only). */
const HTTP_URL_PATTERN = /^https?:\/\/[^\s/?#@]+(?:[/?#][^\s]*)?$/i;

export function isHttpUrl(value: string): boolean {
  return HTTP_URL_PATTERN.test(value);
}

const imageUrl = z
  .string()
  .trim()
  .max(CATALOGUE_IMAGE_URL_MAX, {
    message: `L'URL de l'image ne peut pas dépasser ${CATALOGUE_IMAGE_URL_MAX} caractères`,
  })
  .refine((value) => value === '' || isHttpUrl(value), {
    message: "L'URL de l'image doit être une adresse complète commençant par http:// ou https://",
  })
  .nullish()
  .transform((value) => (value ? value : null));

export const CategoryBody = z.object({ name, description, icon, image_url: imageUrl }).strict();
export type CategoryBody = z.infer<typeof CategoryBody>;
export type CategoryInput = z.input<typeof CategoryBody>;

const PARENT_REQUIRED = 'La catégorie parente est requise';

/** The parent as an id or as the object the edit form received (`{id, …}`). */
const parent = z
  .union([RowId, z.looseObject({ id: RowId }).transform((value) => value.id)], { message: PARENT_REQUIRED })
  .refine((value) => value !== undefined, { message: PARENT_REQUIRED });

export const SubcategoryBody = z.object({ name, description, icon, category: parent }).strict();
export type SubcategoryBody = z.infer<typeof SubcategoryBody>;
export type SubcategoryInput = z.input<typeof SubcategoryBody>;

export const SubcategoryListQuery = z.object({
  category: RowId.optional(),
});
export type SubcategoryListQuery = z.infer<typeof SubcategoryListQuery>;

/** DELETE query: where the projects that use the deleted entry go. */
export const CategoryDeleteQuery = z.object({
  move_projects_to: RowId.optional(),
});
export type CategoryDeleteQuery = z.infer<typeof CategoryDeleteQuery>;
