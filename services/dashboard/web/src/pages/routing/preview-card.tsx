import { useState } from "preact/hooks";

interface PreviewCardProps {
  title: string;
  description: string;
  image: string;
  /** The short URL's host, shown as the card's site. */
  host: string;
}

const usableImage = (url: string) => {
  try {
    return new URL(url).protocol === "https:" ? url : undefined;
  } catch {
    return undefined;
  }
};

/**
 * The card as Slack, Facebook, X or LinkedIn show a shared link: the image, the host, the title
 * and the description. Empty fields show what the crawler falls back to.
 */
export function PreviewCard({ title, description, image, host }: PreviewCardProps) {
  const src = usableImage(image.trim());
  const [failed, setFailed] = useState<string | undefined>(undefined);
  return (
    <figure class="preview-card" aria-label="Preview of the card">
      <div class="preview-card-image">
        {src && failed !== src ? (
          // The image is the card's own; the title beside it says what it shows.
          <img src={src} alt="" referrerPolicy="no-referrer" onError={() => setFailed(src)} />
        ) : (
          <span class="muted">{src ? "The image could not be loaded" : "No image"}</span>
        )}
      </div>
      <figcaption class="preview-card-text">
        <span class="preview-card-host">{host}</span>
        <span class="preview-card-title" data-testid="preview-card-title">
          {title.trim() || "No title"}
        </span>
        {description.trim() && <span class="preview-card-description">{description.trim()}</span>}
      </figcaption>
    </figure>
  );
}
