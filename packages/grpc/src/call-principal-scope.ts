import { AsyncLocalStorage } from "node:async_hooks";
import type { CallPrincipal } from "./call-principal";

const principals = new AsyncLocalStorage<CallPrincipal>();

/**
 * Runs a handler with its verified principal in scope, for code far below the handler that
 * records who acted (the audit log's actor: @kurz/audit) without every operation taking it as a
 * parameter. Only calls that act for an account through a person or an API key enter a scope.
 */
export function runWithCallPrincipal<T>(principal: CallPrincipal | undefined, run: () => T): T {
  return principal?.actor ? principals.run(principal, run) : run();
}

/** The principal of the gRPC call being handled, if it acts through a person or an API key. */
export function currentCallPrincipal(): CallPrincipal | undefined {
  return principals.getStore();
}
