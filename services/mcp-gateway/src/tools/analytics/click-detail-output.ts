import { timestampDate } from "@bufbuild/protobuf/wkt";
import type { analyticsV1 } from "@kurz/proto";
import { z } from "zod";

/** One click as the click-level tools return it (no address: Kurz never stores it). */
export const clickDetailSchema = z.object({
  click_id: z.string(),
  clicked_at: z.string(),
  code: z.string(),
  host: z.string(),
  bot: z.boolean(),
  bot_reason: z.string(),
  qr: z.boolean(),
  device_type: z.string(),
  browser: z.string(),
  os: z.string(),
  country: z.string(),
  region: z.string(),
  city: z.string(),
  referrer_host: z.string(),
  referrer_category: z.string(),
  utm_source: z.string(),
  utm_medium: z.string(),
  utm_campaign: z.string(),
  variant_id: z.string().nullable(),
});

export function clickDetailOut(c: analyticsV1.ClickDetail): z.output<typeof clickDetailSchema> {
  return {
    click_id: c.clickId,
    clicked_at: c.clickedAt ? timestampDate(c.clickedAt).toISOString() : "",
    code: c.link?.code ?? "",
    host: c.link?.host ?? "",
    bot: c.bot,
    bot_reason: c.botReason,
    qr: c.qr,
    device_type: c.deviceType,
    browser: c.browser,
    os: c.os,
    country: c.country,
    region: c.region,
    city: c.city,
    referrer_host: c.referrerHost,
    referrer_category: c.referrerCategory,
    utm_source: c.utmSource,
    utm_medium: c.utmMedium,
    utm_campaign: c.utmCampaign,
    variant_id: c.variantId === "" ? null : c.variantId,
  };
}
