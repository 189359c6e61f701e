import { z } from 'zod';
import {
  pageOf,
  paginationQuery,
  SearchText,
  Timestamp,
  UserRole,
  UserVerificationStatus,
} from './common.js';

/** Rows of a users page unless `page_size` says otherwise. */
export const USERS_PAGE_SIZE = 10;

/** Query of GET /api/users/. */
export const UserListQuery = paginationQuery(USERS_PAGE_SIZE).extend({
  search: SearchText,
  role: UserRole.optional(),
  verification_status: UserVerificationStatus.optional(),
});
export type UserListQuery = z.infer<typeof UserListQuery>;
/** What a screen may send (the server applies the defaults). */
export interface UserListFilters {
  page?: number;
  page_size?: number;
  search?: string | undefined;
  role?: UserRole | undefined;
  verification_status?: UserVerificationStatus | undefined;
}

/** The latest provider verification of a user; `exists: false`, `id: null`, `not_started` when none. */
export const UserProviderVerification = z.object({
  id: z.number().int().nullable(),
  status: UserVerificationStatus,
  exists: z.boolean(),
});
export type UserProviderVerification = z.infer<typeof UserProviderVerification>;

export const User = z.object({
  id: z.number().int(),
  username: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  phone_number: z.string().nullable(),
  role: UserRole,
  profile_picture: z.string().nullable(),
  date_joined: Timestamp,
  is_active: z.boolean(),
  is_verified: z.boolean(),
  is_phone_verified: z.boolean(),
  provider_verification: UserProviderVerification,
});
export type User = z.infer<typeof User>;

/** Counters of the users screen, computed over the whole filtered set (not just the page). */
export const UserStats = z.object({
  pending: z.number().int(),
  verified: z.number().int(),
  rejected: z.number().int(),
  phone_verified: z.number().int(),
});
export type UserStats = z.infer<typeof UserStats>;

export const UserPage = pageOf(User).extend({
  /** Counters of the filtered set; null when a search matched more than SEARCH_COUNT_CAP rows. */
  stats: UserStats.nullable(),
});
export type UserPage = z.infer<typeof UserPage>;

/** What the notification dialog's user search reads from GET /api/users/?search=…. */
export const UserSearchResult = User.pick({ id: true, first_name: true, last_name: true, email: true });
export type UserSearchResult = z.infer<typeof UserSearchResult>;

/** Loose phone format: digits, spaces and +, 6 to 20 characters. */
export const PHONE_PATTERN = /^[0-9+ ]{6,20}$/;

/** Body of PATCH /api/users/{id}/ (every field optional). */
export const UpdateUserBody = z
  .object({
    first_name: z.string().trim().max(150, { message: 'Le prénom ne peut pas dépasser 150 caractères' }),
    last_name: z.string().trim().max(150, { message: 'Le nom ne peut pas dépasser 150 caractères' }),
    email: z
      .string()
      .trim()
      .toLowerCase()
      .min(1, { message: "L'adresse e-mail est obligatoire" })
      .max(200, { message: "L'adresse e-mail ne peut pas dépasser 200 caractères" })
      .pipe(z.email({ message: 'Saisissez une adresse e-mail valide' })),
    phone_number: z
      .string()
      .trim()
      .refine((value) => value === '' || PHONE_PATTERN.test(value), {
        message: 'Le numéro de téléphone doit contenir de 6 à 20 chiffres, espaces ou +',
      })
      .nullable(),
  })
  .partial()
  .strict();
export type UpdateUserBody = z.infer<typeof UpdateUserBody>;
export type UpdateUserInput = z.input<typeof UpdateUserBody>;
