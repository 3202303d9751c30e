import type { components, paths } from "../../api/schema.generated";

/** A stored QR code as the API returns it. */
export type QrCode = components["schemas"]["QrCode"];

export type QrContentType = QrCode["type"];

/** What a stored code can be sent as: the create call's body, and the update call's. */
export type CreateQrBody = paths["/api/v1/qr-codes"]["post"]["requestBody"]["content"]["application/json"];
export type UpdateQrBody = NonNullable<
  paths["/api/v1/qr-codes/{id}"]["patch"]["requestBody"]
>["content"]["application/json"];

export type QrImageFormat = "png" | "svg";
