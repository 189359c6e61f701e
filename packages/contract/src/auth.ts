import { z } from 'zod';
import { UserRole } from './common.js';

export const AdminLoginBody = z.object({
  email: z.string().trim().min(1, { message: "L'adresse e-mail est obligatoire" }).max(254),
  password: z.string().min(1, { message: 'Le mot de passe est obligatoire' }).max(1024),
});
export type AdminLoginBody = z.infer<typeof AdminLoginBody>;

export const SessionUser = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  role: UserRole,
});
export type SessionUser = z.infer<typeof SessionUser>;

export const AdminLoginResponse = z.object({
  access: z.string(),
  user: SessionUser,
});
export type AdminLoginResponse = z.infer<typeof AdminLoginResponse>;

export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_UPDATED = 'Mot de passe mis à jour avec succès';

/**
 * The signed-in admin's password change: the current password, the new one (12 characters at least,
 * different from the current one) and its confirmation. Field errors in French on their fields.
 */
export const ChangePasswordBody = z
  .object({
    current_password: z.string().min(1, { message: 'Le mot de passe actuel est obligatoire' }).max(1024),
    new_password: z
      .string()
      .min(PASSWORD_MIN_LENGTH, {
        message: `Le nouveau mot de passe doit contenir au moins ${PASSWORD_MIN_LENGTH} caractères`,
      })
      .max(1024, { message: 'Le nouveau mot de passe ne peut pas dépasser 1024 caractères' }),
    confirm_password: z.string().max(1024),
  })
  .superRefine((body, context) => {
    if (body.new_password === body.current_password) {
      context.addIssue({
        code: 'custom',
        path: ['new_password'],
        message: 'Le nouveau mot de passe doit être différent du mot de passe actuel',
      });
    }
    if (body.confirm_password !== body.new_password) {
      context.addIssue({
        code: 'custom',
        path: ['confirm_password'],
        message: 'La confirmation ne correspond pas au nouveau mot de passe',
      });
    }
  });
export type ChangePasswordBody = z.infer<typeof ChangePasswordBody>;

export const ChangePasswordResponse = z.object({ detail: z.string() });
export type ChangePasswordResponse = z.infer<typeof ChangePasswordResponse>;
