import { recordChange } from "@kurz/audit";
import { AppError } from "@kurz/errors";
import { eq, sql } from "drizzle-orm";
import { SERVICE_NAME } from "../config";
import { links, qrCodes } from "../db/schema";
import type { LinkApiContext } from "../link-api-context";
import { assertDestinationAllowed } from "../links/assert-destination-allowed";
import { enqueueLinkChanged } from "../links/enqueue-link-changed";
import { hashLinkPassword } from "../links/hash-link-password";
import { mergeUtm } from "../links/merge-utm";
import { decodeLogo, logoBytesFromText } from "./decode-logo";
import { enqueueQrChanged } from "./enqueue-qr-changed";
import { getQrCodeOrThrow } from "./get-qr-code-or-throw";
import { qrAuditFields } from "./qr-audit-fields";
import { buildQrContent } from "./qr-content";
import type { UpdateQrInput } from "./qr-input-schemas";
import { type QrRecord, styleOf } from "./qr-record";
import { checkRenderable, effectiveErrorCorrection } from "./render-qr";
import { resolveQrStyle } from "./resolve-qr-style";

/**
 * Name, style and logo of any code. Content (the destination) of dynamic codes only — the
 * printed symbol keeps encoding the same short link, whose destination changes; a static code's
 * symbol is its content, so it cannot change. The password lives on the short link.
 */
export async function updateQrCode(
  ctx: LinkApiContext,
  accountId: string,
  id: string,
  input: UpdateQrInput,
): Promise<QrRecord> {
  const logo = typeof input.logo === "string" ? decodeLogo(logoBytesFromText(input.logo)) : undefined;
  const passwordHash =
    input.password === undefined ? undefined : input.password ? await hashLinkPassword(input.password) : "";

  const record = await ctx.db.transaction(async (tx) => {
    const current = await getQrCodeOrThrow(tx, accountId, id, { forUpdate: true });
    const changes: Partial<typeof qrCodes.$inferInsert> = {};
    let link = current.link;
    const linkChanges: Partial<typeof links.$inferInsert> = {};

    if (input.content !== undefined) {
      if (!current.dynamic || !link) {
        throw new AppError("INVALID_STATE", {
          message: "Only dynamic QR codes can change content",
          hint: "Create a new QR code, or create it with dynamic true",
        });
      }
      const built = buildQrContent(current.type, input.content);
      await assertDestinationAllowed(tx, ctx, built.content, "content");
      changes.content = built.content;
      Object.assign(linkChanges, {
        originalUrl: built.content,
        destinationUrl: mergeUtm(built.content, {
          source: link.utmSource,
          medium: link.utmMedium,
          campaign: link.utmCampaign,
          term: link.utmTerm,
          content: link.utmContent,
        }),
      });
    }
    if (passwordHash !== undefined) {
      if (!link) {
        throw new AppError("INVALID_STATE", {
          message: "Only QR codes with a short link (dynamic or password-protected) can have a password",
        });
      }
      linkChanges.passwordHash = passwordHash;
    }
    if (link && Object.keys(linkChanges).length > 0) {
      const [updatedLink] = await tx
        .update(links)
        .set({ ...linkChanges, version: sql`nextval('link_version_seq')`, updatedAt: sql`now()` })
        .where(eq(links.id, link.id))
        .returning();
      link = updatedLink!;
      await enqueueLinkChanged(tx, "link.updated", ctx.clock.now(), link, { audit: false });
    }

    if (input.name !== undefined) changes.name = input.name;
    const hasLogo = input.logo === null ? false : logo !== undefined || current.logo !== null;
    if (input.logo === null) Object.assign(changes, { logo: null, logoMimeType: null });
    if (logo) Object.assign(changes, { logo: logo.bytes, logoMimeType: logo.mimeType });
    const style = resolveQrStyle(styleOf(current), input);
    checkRenderable(current.payload, style, hasLogo);
    Object.assign(changes, style, { errorCorrection: effectiveErrorCorrection(style, hasLogo) });

    const [row] = await tx
      .update(qrCodes)
      .set({ ...changes, updatedAt: sql`now()` })
      .where(eq(qrCodes.id, current.id))
      .returning();
    const updated = { ...row!, link };
    await enqueueQrChanged(tx, "qr.updated", ctx.clock.now(), updated, ctx.hosts);
    await recordChange(tx, SERVICE_NAME, {
      workspaceId: updated.accountId,
      action: "qr.updated",
      target: { type: "qr_code", id: updated.id },
      before: qrAuditFields(current),
      after: qrAuditFields(updated),
      at: ctx.clock.now(),
    });
    return updated;
  });
  ctx.eventsWritten();
  return record;
}
