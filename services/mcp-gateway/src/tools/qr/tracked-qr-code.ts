import { AppError } from "@kurz/errors";
import type { qrV1 } from "@kurz/proto";
import type { ToolClients } from "../tool-clients";

/** The refusal for a code whose scans cannot be counted. */
function staticCodeError(id: string): AppError {
  return new AppError("INVALID_STATE", {
    message: "This QR code is static: it encodes its content directly, so its scans cannot be counted",
    details: { id },
    hint: "Only dynamic or password-protected QR codes (they encode a short link) count scans; generateQr with dynamic true makes one",
  });
}

/** A QR code whose scans are counted (it has a short link): INVALID_STATE for a static one. */
export async function trackedQrCode(clients: ToolClients, id: string): Promise<qrV1.QrCode> {
  const { qrCode } = await clients.qr.getQrCode({ id });
  if (!qrCode) throw new Error("link-api answered without a QR code");
  if (qrCode.linkCode === "") throw staticCodeError(id);
  return qrCode;
}
