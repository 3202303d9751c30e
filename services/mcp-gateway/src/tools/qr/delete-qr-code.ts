import { defineTool } from "../tool-definition";
import { qrCodeSchema, qrIdParam, toQrCodeOutput } from "./qr-code-output";

export const deleteQrCode = defineTool({
  name: "deleteQrCode",
  title: "Delete a QR code",
  description:
    "Deletes one QR code for good. A dynamic or password-protected code's short link is deleted with it, so printed copies stop working at once (visitors get 404); a static code's printed copies keep working, as they encode the content itself. Past scan analytics stay. Confirm with the user before calling it.",
  input: { id: qrIdParam },
  output: { deleted: qrCodeSchema.describe("The code as it was") },
  annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: false },
  scope: "qrcode:delete",
  async run(clients, args) {
    const { qrCode } = await clients.qr.deleteQrCode({ id: args.id });
    return { deleted: toQrCodeOutput(qrCode) };
  },
});
