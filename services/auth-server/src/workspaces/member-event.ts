import type { Role } from "@kurz/auth-verifier";
import type { OutboxDatabase } from "@kurz/outbox";
import { authV1 } from "@kurz/proto";
import { accountEvent, enqueueAccountEvents } from "../events/account-event";

export interface MemberChange {
  workspaceId: string;
  userId: string;
  /** Undefined: the person left or was removed. */
  role: Role | undefined;
  /** Undefined: the person joined. */
  previousRole: Role | undefined;
  changedBy: string;
  at: Date;
}

/** `account.member_changed`, written in the change's transaction. */
export function enqueueMemberChanged(tx: OutboxDatabase, change: MemberChange): Promise<void> {
  return enqueueAccountEvents(tx, [
    accountEvent({
      type: "account.member_changed",
      accountId: change.workspaceId,
      schema: authV1.MemberChangedSchema,
      payload: {
        accountId: change.workspaceId,
        userId: change.userId,
        role: change.role ?? "",
        previousRole: change.previousRole ?? "",
        changedBy: change.changedBy,
      },
      occurredAt: change.at,
    }),
  ]);
}
