import type { PreviewCard } from "@kurz/redirect-rules";
import { escapeHtml } from "./render-page";

function meta(attribute: "property" | "name", key: string, value: string): string {
  return value === "" ? "" : `<meta ${attribute}="${key}" content="${escapeHtml(value)}">\n`;
}

/**
 * The page a link-preview crawler gets for a link with a card: Open Graph and Twitter tags (every
 * value HTML-escaped), og:url the short URL (what the card links to), and a meta refresh plus a
 * plain link to the destination the visitor would have been sent to, for a crawler or person
 * that follows it.
 */
export function renderPreviewCard(card: PreviewCard, shortUrl: string, destination: string): string {
  const title = card.title === "" ? shortUrl : card.title;
  const url = escapeHtml(destination);
  return `<!doctype html>
<html>
<head>
<meta charset="utf-8">
<title>${escapeHtml(title)}</title>
${meta("property", "og:title", card.title)}${meta("property", "og:description", card.description)}${meta("property", "og:image", card.image)}${meta("property", "og:url", shortUrl)}<meta property="og:type" content="website">
<meta name="twitter:card" content="${card.image === "" ? "summary" : "summary_large_image"}">
${meta("name", "twitter:title", card.title)}${meta("name", "twitter:description", card.description)}${meta("name", "twitter:image", card.image)}<meta http-equiv="refresh" content="0; url=${url}">
</head>
<body><a href="${url}">${url}</a></body>
</html>
`;
}
