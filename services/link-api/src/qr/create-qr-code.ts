import { randomUUID } from "node:crypto";
import { recordChange } from "@kurz/audit";
import { count, eq } from "drizzle-orm";
import { assertWithinQuota } from "../accounts/assert-within-quota";
import { SERVICE_NAME } from "../config";
import { qrCodes } from "../db/schema";
import type { LinkApiContext } from "../link-api-context";
import { createLink } from "../links/create-link";
import { enqueueQrChanged } from "./enqueue-qr-changed";
import { planQrDesign } from "./plan-qr-design";
import { qrAuditFields } from "./qr-audit-fields";
import type { CreateQrInput } from "./qr-input-schemas";
import type { QrRecord } from "./qr-record";
import { checkRenderable, effectiveErrorCorrection } from "./render-qr";

/**
 * Creates a QR code. Dynamic and password-protected codes encode a short link (created in the
 * same transaction, flagged qr so its visits count as scans) whose destination stays editable;
 * the others encode their content directly. Everything is checked — content, colours, whether the
 * payload fits at the chosen size — before anything is stored.
 */
export async function createQrCode(
  ctx: LinkApiContext,
  accountId: string,
  input: CreateQrInput,
): Promise<QrRecord> {
  const { type, content: built, logo, style, needsLink } = planQrDesign(input);
  if (!needsLink) checkRenderable(built.payload, style, Boolean(logo));
  const plan = await ctx.plans.getPlan(accountId);

  const record = await ctx.db.transaction(async (tx) => {
    await assertWithinQuota(tx, accountId, plan, "maxQrCodes", async () => {
      const [row] = await tx.select({ n: count() }).from(qrCodes).where(eq(qrCodes.accountId, accountId));
      return row?.n ?? 0;
    });
    const link = needsLink
      ? await createLink(
          ctx,
          accountId,
          {
            url: built.content,
            is_dynamic: Boolean(input.dynamic),
            password: input.password,
            name: input.name,
          },
          { qr: true, tx, urlField: "content", plan },
        )
      : undefined;
    const payload = link ? ctx.hosts.shortUrl(link.host, link.code) : built.payload;
    if (link) checkRenderable(payload, style, Boolean(logo));
    const [row] = await tx
      .insert(qrCodes)
      .values({
        id: randomUUID(),
        accountId,
        name: input.name ?? "",
        type,
        content: built.content,
        payload,
        dynamic: Boolean(input.dynamic),
        linkId: link?.id ?? null,
        ...style,
        errorCorrection: effectiveErrorCorrection(style, Boolean(logo)),
        logo: logo?.bytes ?? null,
        logoMimeType: logo?.mimeType ?? null,
      })
      .returning();
    const created = { ...row!, link };
    await enqueueQrChanged(tx, "qr.created", ctx.clock.now(), created, ctx.hosts);
    await recordChange(tx, SERVICE_NAME, {
      workspaceId: created.accountId,
      action: "qr.created",
      target: { type: "qr_code", id: created.id },
      after: qrAuditFields(created),
      at: ctx.clock.now(),
    });
    return created;
  });
  ctx.eventsWritten();
  return record;
}
