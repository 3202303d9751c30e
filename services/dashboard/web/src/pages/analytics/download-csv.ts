/**
 * Saves a CSV built in the page: a Blob behind a temporary object URL, followed by a clicked
 * <a download> (the CSP allows blob: downloads; nothing goes back to the server).
 */
export function downloadCsv(fileName: string, csv: string): void {
  // The byte order mark makes Excel read the file as UTF-8 (place names, referrers).
  const blob = new Blob(["\uFEFF", csv], { type: "text/csv;charset=utf-8" });
  const url = URL.createObjectURL(blob);
  const anchor = document.createElement("a");
  anchor.href = url;
  anchor.download = fileName;
  anchor.hidden = true;
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  // The download has started from the URL; give the browser a moment before letting it go.
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
