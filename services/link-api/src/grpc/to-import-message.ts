import type { MessageInitShape } from "@bufbuild/protobuf";
import { timestampFromDate } from "@bufbuild/protobuf/wkt";
import type { ImportFormat } from "@kurz/link-import";
import { linksV1 } from "@kurz/proto";
import type { ImportOptions, ImportRow } from "../db/schema";

const STATUSES = {
  queued: linksV1.ImportStatus.QUEUED,
  running: linksV1.ImportStatus.RUNNING,
  completed: linksV1.ImportStatus.COMPLETED,
  failed: linksV1.ImportStatus.FAILED,
  cancelled: linksV1.ImportStatus.CANCELLED,
} as const satisfies Record<ImportRow["status"], linksV1.ImportStatus>;

/** Every format link-import reads has its proto value (a new format fails to type-check here). */
export const IMPORT_FORMAT_VALUES = {
  bitly: linksV1.ImportFormat.BITLY,
  dub: linksV1.ImportFormat.DUB,
  shortio: linksV1.ImportFormat.SHORTIO,
  shlink: linksV1.ImportFormat.SHLINK,
  yourls: linksV1.ImportFormat.YOURLS,
  kutt: linksV1.ImportFormat.KUTT,
  rebrandly: linksV1.ImportFormat.REBRANDLY,
  generic: linksV1.ImportFormat.GENERIC,
} as const satisfies Record<ImportFormat, linksV1.ImportFormat>;

export const IMPORT_CONFLICTS = {
  skip: linksV1.ImportConflict.SKIP,
  suffix: linksV1.ImportConflict.SUFFIX,
  fail: linksV1.ImportConflict.FAIL,
} as const satisfies Record<ImportOptions["onConflict"], linksV1.ImportConflict>;

/** An import as REST's Import shows it (to-import-view.ts), in proto. */
export function toImportMessage(row: ImportRow): MessageInitShape<typeof linksV1.LinkImportSchema> {
  return {
    id: row.id,
    status: STATUSES[row.status],
    format: IMPORT_FORMAT_VALUES[row.format as ImportFormat] ?? linksV1.ImportFormat.UNSPECIFIED,
    total: row.total,
    processed: row.processed,
    created: row.created,
    skipped: row.skipped,
    failed: row.failed,
    errors: row.errors.map((error) => ({ row: error.row, code: error.code, message: error.message })),
    dryRun: row.options.dryRun,
    onConflict: IMPORT_CONFLICTS[row.options.onConflict],
    tags: row.options.tags,
    campaignId: row.options.campaignId ?? "",
    bytes: BigInt(row.bytes),
    createdAt: timestampFromDate(row.createdAt),
    ...(row.startedAt ? { startedAt: timestampFromDate(row.startedAt) } : {}),
    ...(row.finishedAt ? { finishedAt: timestampFromDate(row.finishedAt) } : {}),
  };
}
