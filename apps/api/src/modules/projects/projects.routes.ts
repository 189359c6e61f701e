import {
  ErrorBody,
  IdParams,
  OfferList,
  Project,
  ProjectCategoryOptionList,
  ProjectListQuery,
  ProjectPage,
  ProjectStats,
  UpdateProjectBody,
} from '@kwanza/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { buildPage } from '../../lib/pagination.js';
import { keepUntilNextMonth } from '../../plugins/kept-responses.js';
import {
  deleteProject,
  getProject,
  getProjectStats,
  listCategoryOptions,
  listProjectOffers,
  listProjects,
  updateProject,
} from './projects.repository.js';

const tags = ['Projets'];

export const projectsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/projects/',
    {
      config: { keptResponse: true },
      schema: {
        tags,
        summary: 'Liste paginée des projets',
        description:
          'Du plus récent au plus ancien. `search` porte sur le titre, la description et le nom du client ' +
          '(sans tenir compte de la casse ni des accents) ; `status=completed` renvoie aussi les projets fermés ; ' +
          '`category` et `client` sont des identifiants.',
        querystring: ProjectListQuery,
        response: { 200: ProjectPage, 400: ErrorBody },
      },
    },
    async (request) => {
      const { count, count_capped, results } = await listProjects(app.db, request.query);
      return buildPage(request, request.query, count, results, count_capped);
    },
  );

  app.get(
    '/admin/projects/stats/',
    {
      // Its twelve months move at the start of the next.
      config: { keptResponse: true },
      schema: {
        tags,
        summary: 'Statistiques des projets',
        description:
          'Totaux par statut, projets créés sur les 12 derniers mois (UTC, zéros compris), 5 premières catégories.',
        response: { 200: ProjectStats },
      },
    },
    async (request) => getProjectStats(app.db, keepUntilNextMonth(request, new Date())),
  );

  app.get(
    '/admin/projects/categories/',
    {
      config: { keptResponse: true },
      schema: {
        tags,
        summary: 'Catégories proposées dans le filtre de la liste des projets',
        description: 'Lecture seule, triées par nom : `[{id, name}]`.',
        response: { 200: ProjectCategoryOptionList },
      },
    },
    async () => listCategoryOptions(app.db),
  );

  app.get(
    '/admin/projects/:id/',
    {
      schema: {
        tags,
        summary: "Détail d'un projet",
        params: IdParams,
        response: { 200: Project, 400: ErrorBody, 404: ErrorBody },
      },
    },
    async (request) => getProject(app.db, request.params.id),
  );

  app.patch(
    '/admin/projects/:id/',
    {
      config: { audit: { action: 'project.update', object: 'project' } },
      schema: {
        tags,
        summary: "Changer le statut et les notes d'administration d'un projet",
        description: "N'importe quel statut vers n'importe quel autre ; renvoie le projet mis à jour.",
        params: IdParams,
        body: UpdateProjectBody,
        response: { 200: Project, 400: ErrorBody, 404: ErrorBody },
      },
    },
    async (request) => updateProject(app.db, request.params.id, request.body),
  );

  app.get(
    '/admin/projects/:id/offers/',
    {
      schema: {
        tags,
        summary: 'Offres reçues par un projet',
        params: IdParams,
        response: { 200: OfferList, 400: ErrorBody, 404: ErrorBody },
      },
    },
    async (request) => listProjectOffers(app.db, request.params.id),
  );

  app.delete(
    '/admin/projects/:id/',
    {
      config: { audit: { action: 'project.delete', object: 'project' } },
      schema: {
        tags,
        summary: 'Supprimer un projet et ses offres',
        description:
          'Refusé (409) tant que des litiges sont rattachés au projet. Les conversations liées sont conservées, ' +
          'sans projet.',
        params: IdParams,
        response: { 204: z.null(), 400: ErrorBody, 404: ErrorBody, 409: ErrorBody },
      },
    },
    async (request, reply) => {
      await deleteProject(app.db, request.params.id);
      return reply.status(204).send(null);
    },
  );
};
