import { randomUUID } from "node:crypto";
import { AppError } from "@kurz/errors";
import type { OutboxMessage } from "@kurz/outbox";
import type { PlanLimits } from "../accounts/account-plans";
import type { LinkApiTransaction } from "../db/link-api-database";
import { type LinkRow, links } from "../db/schema";
import type { LinkApiContext } from "../link-api-context";
import { takeOverDeletedCode } from "./deleted-code-quarantine";
import { enqueueLinkChanged } from "./enqueue-link-changed";
import { insertWithRandomCode } from "./insert-with-random-code";
import type { CreateLinkInput } from "./link-input-schemas";
import type { UtmFields } from "./merge-utm";
import { checkLinkDraft, draftLink } from "./prepare-link";

export interface CreateLinkOptions {
  /** Set by dynamic QR codes: the link's visits are QR scans. */
  qr?: boolean;
  /**
   * Create inside this transaction (a QR code and its link commit together); the caller then
   * calls ctx.eventsWritten() after its commit.
   */
  tx?: LinkApiTransaction;
  /** The input field the destination came in, for errors (a QR code's is "content"). */
  urlField?: string;
  /**
   * The account's plan, asked before `tx` opened: a caller passing `tx` must pass it, since
   * asking auth-server inside a transaction is what docs/architecture.md forbids.
   */
  plan?: PlanLimits;
  /**
   * The account's links now, from a caller that holds the link quota's lock for its whole
   * transaction (a bulk create counts once and adds what it made since): no lock, no count here.
   */
  linksUsed?: () => number;
  /**
   * The link.created message goes here instead of into the outbox, for a caller that writes its
   * transaction's messages in one statement (a bulk create). It is added last, after everything
   * that can refuse the link.
   */
  events?: OutboxMessage[];
  /**
   * An imported link's creation date at its origin (internal: imports keep it; the public create
   * schemas have no such field).
   */
  createdAt?: Date;
}

export function utmOf(input: {
  utm_source?: string | undefined;
  utm_medium?: string | undefined;
  utm_campaign?: string | undefined;
  utm_term?: string | undefined;
  utm_content?: string | undefined;
}): UtmFields {
  return {
    source: input.utm_source ?? "",
    medium: input.utm_medium ?? "",
    campaign: input.utm_campaign ?? "",
    term: input.utm_term ?? "",
    content: input.utm_content ?? "",
  };
}

export function assertFutureExpiry(expiresAt: Date | null, now: Date): void {
  if (expiresAt && expiresAt.getTime() <= now.getTime()) {
    throw new AppError("VALIDATION_ERROR", {
      message: "expires_at must be in the future",
      details: { field: "expires_at" },
    });
  }
}

/**
 * Creates a short link. Everything that can be refused is checked before the row is written (a
 * bulk create relies on it: a random-code item runs without a savepoint); only a custom alias is
 * checked after, against another account's quarantine of its code. The row, the quota check and
 * the link.created event commit together. A custom alias already
 * taken on its host is ALIAS_EXISTS — decided by the unique index, so two concurrent creates of
 * one alias cannot both succeed — and so is a code another account deleted within its quarantine.
 */
export async function createLink(
  ctx: LinkApiContext,
  accountId: string,
  input: CreateLinkInput,
  options: CreateLinkOptions = {},
): Promise<LinkRow> {
  const draft = await draftLink(ctx, accountId, input, options);

  const insertLink = async (tx: LinkApiTransaction): Promise<LinkRow> => {
    const values = await checkLinkDraft(tx, ctx, accountId, draft, options);
    let inserted: LinkRow | undefined;
    if (input.customAlias) {
      [inserted] = await tx
        .insert(links)
        .values({ ...values, id: randomUUID(), code: input.customAlias, customAlias: true })
        .onConflictDoNothing({ target: [links.host, links.code] })
        .returning();
      if (!inserted) {
        throw new AppError("ALIAS_EXISTS", {
          details: { customAlias: input.customAlias, domain: values.host },
          hint: "Choose another alias, or check one first with check-alias",
        });
      }
      await takeOverDeletedCode(tx, ctx, accountId, values.host, input.customAlias);
    } else {
      inserted = await insertWithRandomCode(tx, { ...values, id: randomUUID(), customAlias: false });
      if (!inserted) throw new AppError("INTERNAL", { message: "Could not allocate a short code" });
    }
    await enqueueLinkChanged(tx, "link.created", ctx.clock.now(), inserted, {
      deferTo: options.events,
      // A dynamic QR code's link is part of the QR code: its creation is recorded there.
      audit: !options.qr,
    });
    return inserted;
  };
  if (options.tx) return insertLink(options.tx);
  const row = await ctx.db.transaction(insertLink);
  ctx.eventsWritten();
  return row;
}
