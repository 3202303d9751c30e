import { Readable } from "node:stream";
import multipart from "@fastify/multipart";
import { AppError } from "@kurz/errors";
import { parseInput } from "@kurz/service-runtime";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { validatorCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { ImportRow } from "../db/schema";
import { cancelImport } from "../imports/cancel-import";
import { getImportOrThrow } from "../imports/get-import-or-throw";
import {
  createImportFieldsSchema,
  createImportJsonSchema,
  listImportsQuerySchema,
} from "../imports/import-input-schemas";
import { checkImportOptions } from "../imports/import-options";
import { listImports } from "../imports/list-imports";
import { storeImport } from "../imports/store-import";
import { importViewSchema, toImportView } from "../imports/to-import-view";
import { writeImportErrorsCsv } from "../imports/write-import-errors-csv";
import type { ApiDependencies } from "./api-dependencies";
import { errorResponses } from "./error-responses";
import { accountOf, guard, securityOf } from "./guard";
import { paginationOf, paginationSchema } from "./pagination";

const idParams = z.object({ id: z.string().max(64).describe("Import UUID") });
const importResponse = z.object({ success: z.literal(true), import: importViewSchema });

const CREATE_DESCRIPTION = `Uploads another shortener's export (Bitly, Dub, Short.io, Shlink, YOURLS, Kutt, Rebrandly, or a generic CSV) and queues its import: 202 at once, the links are made in the background (GET /imports/{id} shows the progress).

Send \`multipart/form-data\` with the file in a \`file\` part, the option fields (\`format\`, \`dry_run\`, \`on_conflict\`, \`tags\` comma-separated, \`campaign_id\`) before it; or JSON with the file's text in \`csv\` or \`json\`. See docs/api/links.md#imports.`;

/** A multipart upload: the fields, then the `file` part streamed into the import's chunks. */
async function storeMultipart(deps: ApiDependencies, request: FastifyRequest): Promise<ImportRow> {
  const accountId = accountOf(request);
  const fields: Record<string, string> = {};
  // One iterator: the parts after the file are read from it too (afterUpload).
  const parts = request.parts();
  for (;;) {
    const next = await parts.next();
    if (next.done) break;
    const part = next.value;
    if (part.type === "field") {
      fields[part.fieldname] = String(part.value);
      continue;
    }
    if (part.fieldname !== "file") {
      throw new AppError("VALIDATION_ERROR", {
        message: `Unexpected file part "${part.fieldname}"; send the export as "file"`,
        details: { field: part.fieldname },
      });
    }
    const input = parseInput(createImportFieldsSchema, fields);
    const row = await storeImport(deps.ctx, accountId, part.file, {
      format: input.format,
      options: await checkImportOptions(deps.ctx, accountId, input),
      maxBytes: deps.imports.maxBytes,
      uploads: deps.imports.uploads,
      // A field after the file came too late to apply (a dry_run=true there would otherwise be
      // a real import): refused, and nothing stored.
      afterUpload: async () => {
        const rest = await parts.next();
        if (!rest.done) {
          if (rest.value.type === "file") rest.value.file.resume();
          throw new AppError("VALIDATION_ERROR", {
            message: "Send the option fields before the file part, and one file",
            details: { field: rest.value.fieldname },
          });
        }
      },
    });
    return row;
  }
  throw new AppError("VALIDATION_ERROR", {
    message: "A multipart import needs a `file` part",
    details: { field: "file" },
  });
}

export async function registerImportRoutes(root: FastifyInstance, deps: ApiDependencies): Promise<void> {
  await root.register(async (scope) => {
    // Only this scope parses multipart bodies. One more byte than the limit reaches storeImport,
    // which refuses it as 413.
    await scope.register(multipart, {
      limits: { fileSize: deps.imports.maxBytes + 1, files: 1, fields: 10, fieldSize: 64 * 1024 },
    });
    const app = scope.withTypeProvider<ZodTypeProvider>();
    const { ctx } = deps;
    const tags = ["Imports"];

    app.post("/imports", {
      preHandler: guard(deps, "shorturl:create"),
      // The JSON text of a file is a little longer than the file (escapes); multipart bodies are
      // not counted here (the file part's own limit applies).
      bodyLimit: deps.imports.maxBytes + 1024 * 1024,
      // A multipart body is read in the handler (streamed), so there is no parsed body to check.
      validatorCompiler: (route) => {
        const validate = validatorCompiler(route as never);
        return route.httpPart === "body"
          ? (data: unknown) => (data === undefined || data === null ? { value: data } : validate(data))
          : validate;
      },
      schema: {
        tags,
        summary: "Import links from another shortener's export",
        description: CREATE_DESCRIPTION,
        consumes: ["application/json", "multipart/form-data"],
        body: createImportJsonSchema,
        response: { 202: importResponse, ...errorResponses(404, 413) },
        security: securityOf("shorturl:create"),
      },
      handler: async (request, reply) => {
        let row: ImportRow;
        if (request.isMultipart()) row = await storeMultipart(deps, request);
        else {
          const body = request.body;
          if (body?.file !== undefined) {
            throw new AppError("VALIDATION_ERROR", {
              message:
                "`file` is a multipart/form-data part; in JSON give the export's text in `csv` or `json`",
              details: { field: "file" },
            });
          }
          if (!body || (body.csv === undefined) === (body.json === undefined)) {
            throw new AppError("VALIDATION_ERROR", {
              message: "Give the export's text in `csv` or in `json` (or upload it as multipart `file`)",
              details: { field: "csv" },
            });
          }
          const { csv, json, file: _file, ...input } = body;
          row = await storeImport(ctx, accountOf(request), Readable.from([csv ?? json ?? ""]), {
            format: input.format,
            options: await checkImportOptions(ctx, accountOf(request), input),
            maxBytes: deps.imports.maxBytes,
            uploads: deps.imports.uploads,
          });
        }
        deps.imports.queued();
        return reply.code(202).send({ success: true as const, import: toImportView(row) });
      },
    });

    app.get("/imports", {
      preHandler: guard(deps, "shorturl:read"),
      schema: {
        tags,
        summary: "List your imports, newest first",
        querystring: listImportsQuerySchema,
        response: {
          200: z.object({
            success: z.literal(true),
            imports: z.array(importViewSchema),
            pagination: paginationSchema,
          }),
          ...errorResponses(),
        },
        security: securityOf("shorturl:read"),
      },
      handler: async (request) => {
        const page = await listImports(ctx.db, accountOf(request), request.query);
        return {
          success: true as const,
          imports: page.items.map(toImportView),
          pagination: paginationOf(page),
        };
      },
    });

    app.get("/imports/:id", {
      preHandler: guard(deps, "shorturl:read"),
      schema: {
        tags,
        summary: "Get an import's status, counts and row errors",
        params: idParams,
        response: { 200: importResponse, ...errorResponses(404) },
        security: securityOf("shorturl:read"),
      },
      handler: async (request) => {
        const row = await getImportOrThrow(ctx.db, accountOf(request), request.params.id);
        return { success: true as const, import: toImportView(row) };
      },
    });

    app.post("/imports/:id/cancel", {
      preHandler: guard(deps, "shorturl:create"),
      schema: {
        tags,
        summary: "Cancel a queued or running import (links made so far stay)",
        params: idParams,
        response: { 200: importResponse, ...errorResponses(404, 409) },
        security: securityOf("shorturl:create"),
      },
      handler: async (request) => {
        const row = await cancelImport(ctx, accountOf(request), request.params.id);
        return { success: true as const, import: toImportView(row) };
      },
    });

    app.get("/imports/:id/errors.csv", {
      preHandler: guard(deps, "shorturl:read"),
      schema: {
        tags,
        summary: "Download an import's row errors as CSV (row, code, message)",
        params: idParams,
        produces: ["text/csv"],
        response: { 200: z.string().describe("CSV: row, code, message"), ...errorResponses(404) },
        security: securityOf("shorturl:read"),
      },
      handler: async (request, reply) => {
        const row = await getImportOrThrow(ctx.db, accountOf(request), request.params.id);
        return reply
          .type("text/csv; charset=utf-8")
          .header("content-disposition", `attachment; filename="kurz-import-${row.id}-errors.csv"`)
          .header("cache-control", "no-store")
          .send(writeImportErrorsCsv(row.errors));
      },
    });
  });
}
