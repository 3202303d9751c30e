import { useEffect, useState } from "preact/hooks";
import { onAnnouncement } from "./announce";

/** How long a message stays visible. */
const SHOW_MS = 3000;

/**
 * The one polite live region of the app, shown as a small toast. It is in the page from the
 * start (a region added together with its text is often not read).
 */
export function LiveAnnouncer() {
  const [message, setMessage] = useState<{ text: string; id: number } | null>(null);

  useEffect(() => onAnnouncement((text, id) => setMessage({ text, id })), []);

  useEffect(() => {
    if (!message) return;
    const timer = window.setTimeout(() => setMessage(null), SHOW_MS);
    return () => window.clearTimeout(timer);
  }, [message]);

  return (
    <div class="toast-region" role="status" aria-live="polite" aria-atomic="true">
      {message && (
        // The key makes a repeated message ("Copied" twice) a new node, read again.
        <p class="toast" key={message.id}>
          {message.text}
        </p>
      )}
    </div>
  );
}
