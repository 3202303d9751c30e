import { z } from "zod";
import { defineTool, READ_ONLY } from "../tool-definition";
import { importSchema, toImportOutput } from "./import-output";

export const getImportStatus = defineTool({
  name: "getImportStatus",
  title: "Get an import's progress and errors",
  description:
    "Returns an import started by importLinks (or the REST API): its status (queued, running, completed, failed, cancelled), its progress (rows done out of the file's rows), how many links it made, skipped and failed, and the first row errors (row number, error code, message). Call it again while the status is queued or running; the full error list (up to 1,000 rows) is the REST route in `errorsCsv`. It changes nothing.",
  input: {
    import_id: z
      .uuid()
      .describe("The import's id, from importLinks")
      .meta({ examples: ["0193a4c2-7b1e-7c3a-9d1e-2b4c6d8e0f12"] }),
    max_errors: z
      .number()
      .int()
      .min(0)
      .max(100)
      .default(20)
      .describe("How many row errors to return, 0 to 100 (default 20)"),
  },
  output: {
    import: importSchema,
    errors: z
      .array(
        z.object({
          row: z.number().int().describe("The record's number in the file (1 = the first after a header)"),
          code: z.string().describe("ALIAS_EXISTS, VALIDATION_ERROR, QUOTA_EXCEEDED, MALFORMED_CSV, ..."),
          message: z.string(),
        }),
      )
      .describe("The first rows that were skipped or failed, in row order"),
    moreErrors: z.number().int().describe("Row errors kept beyond those in `errors`"),
    errorsCsv: z
      .string()
      .describe("The REST route that downloads every kept row error (scope shorturl:read)"),
  },
  annotations: READ_ONLY,
  scope: "shorturl:read",
  async run(clients, args) {
    const { import: found } = await clients.links.getImport({ id: args.import_id });
    const output = toImportOutput(found);
    const errors = found?.errors ?? [];
    return {
      import: output,
      errors: errors
        .slice(0, args.max_errors)
        .map((error) => ({ row: error.row, code: error.code, message: error.message })),
      moreErrors: Math.max(0, errors.length - args.max_errors),
      errorsCsv: `GET /api/v1/imports/${output.id}/errors.csv`,
    };
  },
});
