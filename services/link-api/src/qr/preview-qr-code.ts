import { AppError } from "@kurz/errors";
import type { LinkApiContext } from "../link-api-context";
import { RANDOM_CODE_LENGTH } from "../links/generate-short-code";
import { decodeLogo, logoBytesFromText } from "./decode-logo";
import { buildQrContent, type QrContentType } from "./qr-content";
import type { CreateQrInput } from "./qr-input-schemas";
import { DEFAULT_QR_STYLE } from "./qr-style";
import { type RenderedQr, renderQr } from "./render-qr";
import { resolveQrStyle } from "./resolve-qr-style";

/** Stands in for the short link a dynamic or protected code will get when it is saved. */
const PREVIEW_CODE = "x".repeat(RANDOM_CODE_LENGTH);

function defaultType(content: CreateQrInput["content"]): QrContentType {
  return typeof content === "string" && /^https?:\/\//i.test(content.trim()) ? "url" : "text";
}

/**
 * What createQrCode would draw for this input, checked the same way, stored nowhere: no record,
 * no short link, no quota, no event. A dynamic or password-protected code encodes a short link
 * that exists only once saved; its preview encodes a stand-in of the same length on the
 * standard host, so the symbol's size and density are the saved code's.
 */
export function previewQrCode(ctx: LinkApiContext, input: CreateQrInput): RenderedQr {
  const type = input.type ?? defaultType(input.content);
  const built = buildQrContent(type, input.content);
  const logo = input.logo === undefined ? undefined : decodeLogo(logoBytesFromText(input.logo));
  const style = resolveQrStyle(DEFAULT_QR_STYLE, input);
  const needsLink = Boolean(input.dynamic || input.password);
  if (needsLink && type !== "url") {
    throw new AppError("VALIDATION_ERROR", {
      message: "dynamic and password-protected QR codes encode a short link: type must be url",
      details: { field: "type" },
    });
  }
  const payload = needsLink ? ctx.hosts.shortUrl(ctx.hosts.standardHost, PREVIEW_CODE) : built.payload;
  return renderQr(payload, style, logo);
}
