import { Readable } from "node:stream";
import { AppError } from "@kurz/errors";
import { callingAccount, type GrpcServiceImplementation } from "@kurz/grpc";
import type { linksV1 } from "@kurz/proto";
import { optionalText, parseInput } from "@kurz/service-runtime";
import { cancelImport } from "../imports/cancel-import";
import { getImportOrThrow } from "../imports/get-import-or-throw";
import { createImportJsonSchema } from "../imports/import-input-schemas";
import { checkImportOptions } from "../imports/import-options";
import { storeImport } from "../imports/store-import";
import type { LinkApiContext } from "../link-api-context";
import type { ApiDependencies } from "../routes/api-dependencies";
import { IMPORT_CONFLICTS, IMPORT_FORMAT_VALUES, toImportMessage } from "./to-import-message";

type LinkServiceImplementation = GrpcServiceImplementation<typeof linksV1.LinkService.method>;

/** A proto enum's REST name; unspecified → undefined (the schema's default), unknown → refused. */
function nameOf<Name extends string>(
  values: Record<Name, number>,
  value: number,
  field: string,
): Name | undefined {
  if (value === 0) return undefined;
  const name = (Object.keys(values) as Name[]).find((key) => values[key] === value);
  if (name === undefined) {
    throw new AppError("VALIDATION_ERROR", { message: `Unknown ${field} ${value}`, details: { field } });
  }
  return name;
}

/**
 * LinkService's import RPCs: the REST routes' operations (import-routes.ts) behind the same
 * checks: the options parsed with POST /imports' schema, the file bounded by the same
 * IMPORT_MAX_BYTES (storeImport: PAYLOAD_TOO_LARGE), an import seen by its account only.
 */
export function createImportHandlers(
  ctx: LinkApiContext,
  imports: ApiDependencies["imports"],
): Pick<LinkServiceImplementation, "startImport" | "getImport" | "cancelImport"> {
  return {
    async startImport(request, context) {
      const accountId = callingAccount(context);
      const {
        csv: _csv,
        json: _json,
        file: _file,
        ...input
      } = parseInput(createImportJsonSchema, {
        format: nameOf(IMPORT_FORMAT_VALUES, request.format, "format"),
        dry_run: request.dryRun,
        on_conflict: nameOf(IMPORT_CONFLICTS, request.onConflict, "on_conflict"),
        tags: request.tags,
        campaign_id: optionalText(request.campaignId),
      });
      const row = await storeImport(ctx, accountId, Readable.from([request.content]), {
        format: input.format,
        options: await checkImportOptions(ctx, accountId, input),
        maxBytes: imports.maxBytes,
        uploads: imports.uploads,
      });
      imports.queued();
      return { import: toImportMessage(row) };
    },

    async getImport(request, context) {
      return { import: toImportMessage(await getImportOrThrow(ctx.db, callingAccount(context), request.id)) };
    },

    async cancelImport(request, context) {
      return { import: toImportMessage(await cancelImport(ctx, callingAccount(context), request.id)) };
    },
  };
}
