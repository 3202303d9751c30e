import type { LinkApiContext } from "../link-api-context";
import { RANDOM_CODE_LENGTH } from "../links/generate-short-code";
import { planQrDesign } from "./plan-qr-design";
import type { CreateQrInput } from "./qr-input-schemas";
import { type RenderedQr, renderQr } from "./render-qr";

/** Stands in for the short link a dynamic or protected code will get when it is saved. */
const PREVIEW_CODE = "x".repeat(RANDOM_CODE_LENGTH);

/**
 * What createQrCode would draw for this input, checked the same way (planQrDesign), stored
 * nowhere: no record, no short link, no quota, no event. A dynamic or password-protected code
 * encodes a short link that exists only once saved; its preview encodes a stand-in of the same
 * length on the standard host, so the symbol's size and density are the saved code's.
 */
export function previewQrCode(ctx: LinkApiContext, input: CreateQrInput): RenderedQr {
  const design = planQrDesign(input);
  const payload = design.needsLink
    ? ctx.hosts.shortUrl(ctx.hosts.standardHost, PREVIEW_CODE)
    : design.content.payload;
  return renderQr(payload, design.style, design.logo);
}
