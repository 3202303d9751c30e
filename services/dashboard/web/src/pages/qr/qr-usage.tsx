import { formatLimit, formatNumber } from "../../components/format-number";
import { useApiQuery } from "../../components/use-api-query";
import { getQrStats } from "./get-qr-stats";

/** "3 QR codes (1 dynamic) of 50 on your plan": shown once known, nothing while loading or if unavailable. */
export function QrUsage({ refreshKey }: { refreshKey: number }) {
  const stats = useApiQuery(`qr-stats#${refreshKey}`, getQrStats);
  if (!stats.data) return null;
  const { total, dynamic, maxQrCodes } = stats.data;
  return (
    <p class="muted qr-usage">
      {formatNumber(total)} {total === 1 ? "QR code" : "QR codes"} ({formatNumber(dynamic)} dynamic)
      {maxQrCodes === null ? ", no limit on your plan" : ` of ${formatLimit(maxQrCodes)} on your plan`}
    </p>
  );
}
