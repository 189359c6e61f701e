import { AsyncLocalStorage } from 'node:async_hooks';
import type { AuditAction, AuditObjectType } from '@kwanza/contract';

/*
 * What the journal needs to know about the request in progress — who acts, its id and address, the
 * action its route declared — carried by an AsyncLocalStorage scope that plugins/audit-trail.ts
 * opens for every request. Repositories then record entries inside their own transactions without
 * passing any of it around.
 */

/**
 * A route's audit declaration (`config.audit`): the action its entries record and the kind of object
 * they are about, or an exemption with its reason for a write that changes no object.
 */
export type AuditRoute = { action: AuditAction; object: AuditObjectType | null } | { exempt: string };

/** Who acted, with the name kept at the time. */
export interface AuditActor {
  id: number | null;
  label: string;
}

export interface AuditScope {
  requestId: string | null;
  ipAddress: string | null;
  /** The admin of the request, read when an entry is written (the guard runs after the scope opens). */
  actor(): AuditActor | null;
  route: AuditRoute | undefined;
  /**
   * Set once the request went through the journal: entries written, or the objects compared before
   * and after and found unchanged. A successful audited write that never did is a bug.
   */
  recorded: boolean;
}

const storage = new AsyncLocalStorage<AuditScope>();

/** Runs `work` (and everything it starts) in the scope of one request. */
export function runInAuditScope<T>(scope: AuditScope, work: () => T): T {
  return storage.run(scope, work);
}

/** The scope of the request in progress; undefined outside a request (seed, scripts, start-up). */
export function currentAuditScope(): AuditScope | undefined {
  return storage.getStore();
}

/** The action a route declared, when it declared one. */
export function declaredAction(route: AuditRoute | undefined): AuditAction | undefined {
  return route && 'action' in route ? route.action : undefined;
}

/**
 * Runs `work` outside a request (a script, a test, start-up work) as `actor` (default: the platform
 * itself) doing `action`: the repositories it calls record their entries under that action.
 */
export function runAsAudited<T>(action: AuditAction, work: () => T, actor: AuditActor | null = null): T {
  return runInAuditScope(
    {
      requestId: null,
      ipAddress: null,
      actor: () => actor,
      route: { action, object: null },
      recorded: false,
    },
    work,
  );
}
