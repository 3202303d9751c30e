import type { AuthContext } from "../auth-context";
import type { InvitationRow } from "../db/schema";
import { brandName } from "../pages/layout";

/**
 * E-mails an invitation when SMTP is configured. Never throws: an SMTP server that refuses or
 * cannot be reached is logged, and the inviter still has the accept_url to pass on. Returns
 * whether the server took the message.
 */
export async function sendInvitationEmail(
  ctx: Pick<AuthContext, "mailer" | "logger" | "config">,
  message: { invitation: InvitationRow; acceptUrl: string; workspaceName: string; inviterName: string },
): Promise<boolean> {
  if (!ctx.mailer) return false;
  const brand = brandName(ctx.config.BRAND_PREFIX);
  const { invitation } = message;
  try {
    await ctx.mailer.send({
      to: invitation.email,
      subject: `${message.inviterName || "Someone"} invited you to ${message.workspaceName} on ${brand}`,
      text: [
        `${message.inviterName || "Someone"} invited you to join the workspace "${message.workspaceName}" on ${brand} as ${invitation.role}.`,
        "",
        `Accept the invitation: ${message.acceptUrl}`,
        "",
        `The link works once, for ${invitation.email} only, until ${invitation.expiresAt.toISOString().slice(0, 16).replace("T", " ")} UTC.`,
        "If you did not expect it, ignore this message.",
      ].join("\n"),
    });
    return true;
  } catch (err) {
    ctx.logger.warn(
      {
        event: "workspace.invitation_email_failed",
        accountId: invitation.workspaceId,
        invitationId: invitation.id,
        err,
      },
      "the invitation e-mail was not sent",
    );
    return false;
  }
}
