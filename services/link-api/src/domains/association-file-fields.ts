import { z } from "zod";

/** The most an association file may weigh: Apple's CDN refuses files over 128 KB. */
export const ASSOCIATION_FILE_MAX_BYTES = 128 * 1024;

/**
 * An app association file as the owner sends it: a JSON document as a string (kept and served
 * byte for byte) or the JSON value itself (kept as JSON.stringify writes it). "" clears it.
 * `shape` names what the top level must be: Apple's file is an object, Android's a list.
 */
function associationFileField(field: string, shape: "object" | "array") {
  return z
    .union([z.string(), z.record(z.string(), z.unknown()), z.array(z.unknown())])
    .describe(`The ${field} document (a JSON ${shape}, as a string or as JSON); null or empty: none`)
    .transform((value, ctx) => {
      const text = typeof value === "string" ? value : JSON.stringify(value);
      if (text.trim() === "") return "";
      if (Buffer.byteLength(text) > ASSOCIATION_FILE_MAX_BYTES) {
        ctx.addIssue({
          code: "custom",
          message: `${field} must be at most ${ASSOCIATION_FILE_MAX_BYTES} bytes`,
        });
        return z.NEVER;
      }
      let parsed: unknown;
      try {
        parsed = JSON.parse(text);
      } catch {
        ctx.addIssue({ code: "custom", message: `${field} must be valid JSON` });
        return z.NEVER;
      }
      const isArray = Array.isArray(parsed);
      const isObject = typeof parsed === "object" && parsed !== null && !isArray;
      if (shape === "array" ? !isArray : !isObject) {
        ctx.addIssue({ code: "custom", message: `${field} must be a JSON ${shape}` });
        return z.NEVER;
      }
      return text;
    });
}

/** /.well-known/apple-app-site-association: a JSON object (applinks, webcredentials, …). */
export const appleAppSiteAssociationField = associationFileField("apple_app_site_association", "object");

/** /.well-known/assetlinks.json: a JSON list of statements. */
export const assetLinksField = associationFileField("asset_links", "array");
