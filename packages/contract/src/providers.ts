import { z } from 'zod';
import { pageOf, paginationQuery, QueryBoolean, SearchText, Timestamp } from './common.js';

/** Query of GET /api/providers/. */
export const ProviderListQuery = paginationQuery(9).extend({
  search: SearchText,
  is_verified: QueryBoolean.optional(),
});
export type ProviderListQuery = z.infer<typeof ProviderListQuery>;

export const ProviderUser = z.object({
  id: z.number().int(),
  profile_picture: z.string().nullable(),
  email: z.string(),
  username: z.string(),
  phone_number: z.string().nullable(),
});
export type ProviderUser = z.infer<typeof ProviderUser>;

/** A provider profile; `id` is the provider profile id (not the user id). */
export const Provider = z.object({
  id: z.number().int(),
  user: ProviderUser,
  full_name: z.string(),
  company_name: z.string().nullable(),
  profile_picture: z.string().nullable(),
  email: z.string(),
  phone_number: z.string().nullable(),
  city: z.string().nullable(),
  address: z.string().nullable(),
  is_verified: z.boolean(),
  average_rating: z.number(),
  total_reviews: z.number().int(),
  services_count: z.number().int(),
  completed_projects: z.number().int(),
  bio: z.string().nullable(),
  description: z.string().nullable(),
  skills: z.array(z.string()),
  created_at: Timestamp,
});
export type Provider = z.infer<typeof Provider>;

/** Counters of the providers screen, over the whole filtered set. */
export const ProviderStats = z.object({
  total: z.number().int(),
  verified: z.number().int(),
  pending: z.number().int(),
});
export type ProviderStats = z.infer<typeof ProviderStats>;

export const ProviderPage = pageOf(Provider).extend({
  /** Counters of the filtered set; null when a search matched more than SEARCH_COUNT_CAP rows. */
  stats: ProviderStats.nullable(),
});
export type ProviderPage = z.infer<typeof ProviderPage>;

/** Body of PUT /api/providers/{id}/. */
export const UpdateProviderBody = z.object({ is_verified: z.boolean() }).strict();
export type UpdateProviderBody = z.infer<typeof UpdateProviderBody>;
