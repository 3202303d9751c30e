import { AsyncLocalStorage } from "node:async_hooks";
import { currentCallPrincipal } from "@kurz/grpc";
import type { AuditActor } from "./audit-actor";
import { auditActorOfCall } from "./audit-actor-of-call";

const actors = new AsyncLocalStorage<AuditActor>();

/**
 * Runs `work` as done by `actor`: what it changes is recorded under that actor. REST routes run
 * in one (scopeAuditActors), as does an import's run for the person who started it.
 */
export function runAsAuditActor<T>(actor: AuditActor | undefined, work: () => T): T {
  return actor ? actors.run(actor, work) : work();
}

/**
 * Who is making the change now: the REST request's or the job's actor, else the person or API
 * key behind the gRPC call being handled (@kurz/grpc keeps it in scope). Undefined when a
 * service acts on its own behalf (a consequence of a change recorded where it was made).
 */
export function currentAuditActor(): AuditActor | undefined {
  const actor = actors.getStore();
  if (actor) return actor;
  const principal = currentCallPrincipal();
  return principal ? auditActorOfCall(principal) : undefined;
}
