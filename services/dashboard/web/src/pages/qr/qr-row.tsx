import { useState } from "preact/hooks";
import { ApiError } from "../../api/api-error";
import { announce } from "../../components/announce";
import { AppLink } from "../../components/app-link";
import { formatDate, formatDateTime } from "../../components/format-date";
import type { QrCode, QrImageFormat } from "./qr-code";
import { QrScans } from "./qr-scans";
import { QrThumbnail } from "./qr-thumbnail";
import { qrTitle } from "./qr-title";
import { typeLabel } from "./qr-types";
import { saveQrFile } from "./save-qr-file";

interface QrRowProps {
  code: QrCode;
  editHref: string;
  onDelete: (code: QrCode) => void;
}

/** What a scan gives: the short link's destination for a dynamic code, else the encoded text. */
const summary = (code: QrCode): string =>
  code.shortUrl && typeof code.content === "string" ? `${code.shortUrl} → ${code.content}` : code.payload;

/**
 * One QR code. The data-label attributes name each cell where narrow screens show the row as a
 * card (the column headers are then hidden).
 */
export function QrRow({ code, editHref, onDelete }: QrRowProps) {
  const titleId = `qr-title-${code.id}`;
  const [saving, setSaving] = useState<QrImageFormat | null>(null);

  const download = async (format: QrImageFormat) => {
    if (saving) return;
    setSaving(format);
    try {
      await saveQrFile(code, format);
    } catch (error) {
      announce(
        error instanceof ApiError
          ? `The ${format.toUpperCase()} could not be downloaded: ${error.message}`
          : `The ${format.toUpperCase()} could not be downloaded. Try again.`,
      );
    } finally {
      setSaving(null);
    }
  };

  const badges = [
    code.dynamic && "Dynamic",
    code.passwordProtected && "Password",
    code.hasLogo && "Logo",
  ].filter((badge): badge is string => Boolean(badge));

  return (
    <tr>
      <td class="cell-qr" data-label="Code">
        <QrThumbnail code={code} />
      </td>
      <td class="cell-link" data-label="Name">
        {/* One child: narrow screens lay the cell out as a grid. */}
        <div>
          <p id={titleId} class="strong break-anywhere">
            {qrTitle(code)}
          </p>
          <p class="muted">{typeLabel(code.type)}</p>
          {badges.length > 0 && (
            <ul class="badges" aria-label="Settings">
              {badges.map((badge) => (
                <li key={badge} class="badge">
                  {badge}
                </li>
              ))}
            </ul>
          )}
        </div>
      </td>
      <td class="cell-destination" data-label="Content">
        <span class="qr-summary" title={summary(code)}>
          {summary(code)}
        </span>
      </td>
      <td class="cell-number" data-label="Scans">
        <QrScans code={code} />
      </td>
      <td data-label="Created">
        <time dateTime={code.createdAt} title={formatDateTime(code.createdAt)}>
          {formatDate(code.createdAt)}
        </time>
      </td>
      <td class="cell-actions">
        <div class="qr-row-actions">
          <AppLink href={editHref} class="button button-secondary button-small" aria-describedby={titleId}>
            Edit
          </AppLink>
          <button
            type="button"
            class="button button-secondary button-small"
            onClick={() => download("png")}
            aria-describedby={titleId}
            aria-disabled={saving === "png" ? true : undefined}
          >
            {saving === "png" ? (
              "Downloading…"
            ) : (
              <>
                <span class="visually-hidden">Download </span>PNG
              </>
            )}
          </button>
          <button
            type="button"
            class="button button-secondary button-small"
            onClick={() => download("svg")}
            aria-describedby={titleId}
            aria-disabled={saving === "svg" ? true : undefined}
          >
            {saving === "svg" ? (
              "Downloading…"
            ) : (
              <>
                <span class="visually-hidden">Download </span>SVG
              </>
            )}
          </button>
          <button
            type="button"
            class="button button-danger button-small"
            onClick={() => onDelete(code)}
            aria-describedby={titleId}
          >
            Delete
          </button>
        </div>
      </td>
    </tr>
  );
}
