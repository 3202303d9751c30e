/** Messages for the polite live region (LiveAnnouncer): what screen readers hear after an action. */
type Listener = (message: string, id: number) => void;

const listeners = new Set<Listener>();
let count = 0;

/** Says a short message ("Copied", "Link deleted") to everyone, seen and heard. */
export function announce(message: string): void {
  count += 1;
  for (const listener of listeners) listener(message, count);
}

export function onAnnouncement(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}
