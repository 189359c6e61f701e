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
