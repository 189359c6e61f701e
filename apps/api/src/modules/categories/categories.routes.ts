import {
  Category,
  CategoryBody,
  CategoryDeleteQuery,
  CategoryList,
  ErrorBody,
  IdParams,
  Subcategory,
  SubcategoryBody,
  SubcategoryList,
  SubcategoryListQuery,
} from '@kwanza/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  createCategory,
  createSubcategory,
  deleteCategory,
  deleteSubcategory,
  listCategories,
  listSubcategories,
  updateCategory,
  updateSubcategory,
} from './categories.repository.js';

const tags = ['Catégories'];

const ORDER =
  'Tableau simple (le catalogue est petit et affiché en entier), trié par nom dans l’ordre alphabétique français ' +
  '(accents et casse ignorés).';
const NAME_RULES =
  'Nom requis (espaces de début et de fin retirés), unique sans tenir compte des accents ni de la casse ; ' +
  'icône : lettres, chiffres, tirets et soulignés ; URL de l’image : adresse http(s) complète.';

export const categoriesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/categories/',
    {
      config: { keptResponse: true },
      schema: {
        tags,
        summary: 'Catégories, avec leurs nombres de sous-catégories et de projets',
        description: ORDER,
        response: { 200: CategoryList },
      },
    },
    async () => listCategories(app.db),
  );

  app.post(
    '/categories/',
    {
      config: { audit: { action: 'category.create', object: 'category' } },
      schema: {
        tags,
        summary: 'Créer une catégorie',
        description: NAME_RULES,
        body: CategoryBody,
        response: { 201: Category, 400: ErrorBody },
      },
    },
    async (request, reply) => reply.status(201).send(await createCategory(app.db, request.body)),
  );

  app.put(
    '/categories/:id/',
    {
      config: { audit: { action: 'category.update', object: 'category' } },
      schema: {
        tags,
        summary: 'Modifier une catégorie',
        description: NAME_RULES,
        params: IdParams,
        body: CategoryBody,
        response: { 200: Category, 400: ErrorBody, 404: ErrorBody },
      },
    },
    async (request) => updateCategory(app.db, request.params.id, request.body),
  );

  app.delete(
    '/categories/:id/',
    {
      config: { audit: { action: 'category.delete', object: 'category' } },
      schema: {
        tags,
        summary: 'Supprimer une catégorie et ses sous-catégories',
        description:
          'Refusé (409, avec le nombre de projets) quand des projets l’utilisent, sauf si `move_projects_to` ' +
          'désigne une autre catégorie : les projets y sont déplacés (sans sous-catégorie) et la catégorie est ' +
          'supprimée dans la même transaction.',
        params: IdParams,
        querystring: CategoryDeleteQuery,
        response: { 204: z.null(), 400: ErrorBody, 404: ErrorBody, 409: ErrorBody },
      },
    },
    async (request, reply) => {
      await deleteCategory(app.db, request.params.id, request.query.move_projects_to);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/subcategories/',
    {
      config: { keptResponse: true },
      schema: {
        tags,
        summary: 'Sous-catégories (toutes, ou celles d’une catégorie)',
        description: `${ORDER} \`category\` filtre par catégorie parente.`,
        querystring: SubcategoryListQuery,
        response: { 200: SubcategoryList, 400: ErrorBody },
      },
    },
    async (request) => listSubcategories(app.db, request.query),
  );

  app.post(
    '/subcategories/',
    {
      config: { audit: { action: 'subcategory.create', object: 'subcategory' } },
      schema: {
        tags,
        summary: 'Créer une sous-catégorie',
        description: `${NAME_RULES} La catégorie parente (\`category\`) est un identifiant ou un objet \`{id}\`.`,
        body: SubcategoryBody,
        response: { 201: Subcategory, 400: ErrorBody },
      },
    },
    async (request, reply) => reply.status(201).send(await createSubcategory(app.db, request.body)),
  );

  app.put(
    '/subcategories/:id/',
    {
      config: { audit: { action: 'subcategory.update', object: 'subcategory' } },
      schema: {
        tags,
        summary: 'Modifier une sous-catégorie',
        description: `${NAME_RULES} Changer de parent emmène ses projets dans la nouvelle catégorie.`,
        params: IdParams,
        body: SubcategoryBody,
        response: { 200: Subcategory, 400: ErrorBody, 404: ErrorBody },
      },
    },
    async (request) => updateSubcategory(app.db, request.params.id, request.body),
  );

  app.delete(
    '/subcategories/:id/',
    {
      config: { audit: { action: 'subcategory.delete', object: 'subcategory' } },
      schema: {
        tags,
        summary: 'Supprimer une sous-catégorie',
        description:
          'Refusé (409, avec le nombre de projets) quand des projets l’utilisent, sauf si `move_projects_to` ' +
          'désigne une autre sous-catégorie : les projets y sont déplacés (avec sa catégorie) dans la même transaction.',
        params: IdParams,
        querystring: CategoryDeleteQuery,
        response: { 204: z.null(), 400: ErrorBody, 404: ErrorBody, 409: ErrorBody },
      },
    },
    async (request, reply) => {
      await deleteSubcategory(app.db, request.params.id, request.query.move_projects_to);
      return reply.status(204).send(null);
    },
  );
};
