import type { ToolDefinition } from "../tool-definition";
import { deleteQrCode } from "./delete-qr-code";
import { generateQr } from "./generate-qr";
import { getAllQrAnalytics } from "./get-all-qr-analytics";
import { getQrCode } from "./get-qr-code";
import { getQrCodeAnalytics } from "./get-qr-code-analytics";
import { getQrCodeCount } from "./get-qr-code-count";
import { getQrCodeStats } from "./get-qr-code-stats";
import { getQrStatsOverview } from "./get-qr-stats-overview";
import { getTrackedQrCount } from "./get-tracked-qr-count";
import { listQrCodes } from "./list-qr-codes";
import { trackQrScan } from "./track-qr-scan";
import { updateQrCode } from "./update-qr-code";

/** The QR code tools, in their order (docs/api/mcp.md#qr-code-tools). */
export const QR_TOOLS = [
  generateQr,
  listQrCodes,
  getQrCode,
  updateQrCode,
  deleteQrCode,
  getQrCodeCount,
  getQrCodeStats,
  getQrCodeAnalytics,
  getAllQrAnalytics,
  getQrStatsOverview,
  trackQrScan,
  getTrackedQrCount,
] as unknown as readonly ToolDefinition[];
