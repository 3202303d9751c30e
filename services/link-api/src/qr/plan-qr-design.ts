import { AppError } from "@kurz/errors";
import { type DecodedLogo, decodeLogo, logoBytesFromText } from "./decode-logo";
import { buildQrContent, type QrContentType } from "./qr-content";
import type { CreateQrInput } from "./qr-input-schemas";
import { DEFAULT_QR_STYLE, type QrStyle } from "./qr-style";
import { resolveQrStyle } from "./resolve-qr-style";

export interface QrDesign {
  type: QrContentType;
  content: ReturnType<typeof buildQrContent>;
  logo: DecodedLogo | undefined;
  style: QrStyle;
  /** Dynamic and password-protected codes encode a short link instead of their content. */
  needsLink: boolean;
}

function defaultType(content: CreateQrInput["content"]): QrContentType {
  return typeof content === "string" && /^https?:\/\//i.test(content.trim()) ? "url" : "text";
}

/** A create input read and checked as a design, before anything is stored or drawn. */
export function planQrDesign(input: CreateQrInput): QrDesign {
  const type = input.type ?? defaultType(input.content);
  const content = buildQrContent(type, input.content);
  const logo = input.logo === undefined ? undefined : decodeLogo(logoBytesFromText(input.logo));
  const style = resolveQrStyle(DEFAULT_QR_STYLE, input);
  const needsLink = Boolean(input.dynamic || input.password);
  if (needsLink && type !== "url") {
    throw new AppError("VALIDATION_ERROR", {
      message: "dynamic and password-protected QR codes encode a short link: type must be url",
      details: { field: "type" },
    });
  }
  return { type, content, logo, style, needsLink };
}
