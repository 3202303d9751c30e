import { type Clock, systemClock } from "@kurz/clock";
import { AppError } from "@kurz/errors";
import { AUTH_SERVER_AUDIENCE, type CallTokenSource, createGrpcClient } from "@kurz/grpc";
import { authV1 } from "@kurz/proto";
import { LRUCache } from "lru-cache";
import { isRole, type Role } from "./roles";

export interface MembershipCheckOptions {
  /** auth-server's gRPC address. */
  address: string;
  /** This service's tokens: auth-server's API answers authenticated services only. */
  tokens?: CallTokenSource;
  /** How long a last answer stands in while auth-server cannot answer (default 10 minutes). */
  lastKnownTtlMs?: number;
  /** Called when auth-server cannot answer. */
  onUnavailable?: (error: unknown) => void;
  /** Times how long a last answer stands in (tests move it past `lastKnownTtlMs`). */
  clock?: Pick<Clock, "monotonicMs">;
}

/** A person's role in a workspace; undefined: not a member. */
export type RoleLookup = (userId: string, workspaceId: string) => Promise<Role | undefined>;

export interface MembershipCheck {
  roleOf: RoleLookup;
  close(): void;
}

/**
 * A person's role in a workspace, asked of auth-server (AuthService.GetMembership) on every
 * request, so a removal or a lowered role holds from the person's next request to this service
 * (docs/api/workspaces.md#revocation). Concurrent requests of one person in one workspace share
 * one question.
 *
 * When auth-server cannot answer, the last answer it gave for the pair (within `lastKnownTtlMs`)
 * stands in, so an auth-server restart does not refuse every request; without one the request is
 * refused with DEPENDENCY_UNAVAILABLE (503, retryable), never let through.
 */
export function createMembershipCheck(options: MembershipCheckOptions): MembershipCheck {
  const client = createGrpcClient(authV1.AuthService, options.address, {
    deadlineMs: 1000,
    ...(options.tokens ? { auth: { audience: AUTH_SERVER_AUDIENCE, tokens: options.tokens } } : {}),
  });
  const clock = options.clock ?? systemClock;
  const lastKnown = new LRUCache<string, Role | "none">({
    max: 50_000,
    ttl: options.lastKnownTtlMs ?? 10 * 60_000,
    perf: { now: () => clock.monotonicMs() },
  });
  const inFlight = new Map<string, Promise<Role | undefined>>();

  async function ask(key: string, userId: string, workspaceId: string): Promise<Role | undefined> {
    try {
      const { role } = await client.getMembership({ userId, workspaceId });
      const answer = isRole(role) ? role : undefined;
      lastKnown.set(key, answer ?? "none");
      return answer;
    } catch (error) {
      // A refusal of this service (its own credentials) is not an outage.
      if (error instanceof AppError && error.httpStatus < 500) throw error;
      options.onUnavailable?.(error);
      const known = lastKnown.get(key);
      if (known !== undefined) return known === "none" ? undefined : known;
      throw new AppError("DEPENDENCY_UNAVAILABLE", {
        message: "Workspace memberships cannot be checked right now",
        cause: error,
      });
    } finally {
      inFlight.delete(key);
    }
  }

  return {
    roleOf(userId, workspaceId) {
      const key = `${userId}/${workspaceId}`;
      let pending = inFlight.get(key);
      if (!pending) {
        pending = ask(key, userId, workspaceId);
        inFlight.set(key, pending);
      }
      return pending;
    },
    close: () => client.close(),
  };
}
