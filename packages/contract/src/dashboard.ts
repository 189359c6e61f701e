import { z } from 'zod';
import { DisputeStatus, ProjectStatus, Timestamp } from './common.js';
import { MonthCount } from './projects.js';

/**
 * `GET /api/admin/dashboard/stats/`. Months are UTC calendar months; "this month" is the month of the
 * request, "last month" the one before it. Soft-deleted users are never counted.
 */
export const DashboardStats = z.object({
  totals: z.object({
    /** Users that are not deleted (every role). */
    users: z.number().int(),
    /** Users of role provider that are not deleted. */
    providers: z.number().int(),
    projects: z.number().int(),
    disputes: z.number().int(),
    /** Disputes not yet settled (status open or under_review), whatever their date. */
    open_disputes: z.number().int(),
  }),
  this_month: z.object({
    /** Users who joined this month. */
    new_users: z.number().int(),
    /** Projects created this month that are open or in progress. */
    active_projects: z.number().int(),
    /** Disputes created this month that are open or under review. */
    open_disputes: z.number().int(),
    /** Sum in AOA of proposed_price of the offers accepted this month (accepted offers created this month). */
    revenue: z.number(),
  }),
  /** The same figures for last month, so the cards can show the monthly change. */
  last_month: z.object({
    new_users: z.number().int(),
    active_projects: z.number().int(),
    open_disputes: z.number().int(),
    revenue: z.number(),
  }),
  /** Registrations per month, the 12 months ending with the current one, zeros included. */
  user_registrations: z.array(MonthCount),
  recent_activity: z.object({
    projects: z.array(
      z.object({
        id: z.number().int(),
        title: z.string(),
        client_name: z.string(),
        status: ProjectStatus,
        created_at: Timestamp,
      }),
    ),
    disputes: z.array(
      z.object({
        id: z.number().int(),
        title: z.string(),
        status: DisputeStatus,
        created_at: Timestamp,
        client_name: z.string(),
      }),
    ),
  }),
});
export type DashboardStats = z.infer<typeof DashboardStats>;
