import { announce } from "./announce";

interface CopyButtonProps {
  text: string;
  /** Id of the element that shows what is copied (the short URL), read as the button's description. */
  describedBy?: string;
}

/** Copies a text (a short URL) to the clipboard and says so in the live region. */
export function CopyButton({ text, describedBy }: CopyButtonProps) {
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      announce("Copied");
    } catch {
      // No clipboard without a secure context or without the permission.
      announce("Could not copy: select the link and copy it");
    }
  };
  return (
    <button
      type="button"
      class="button button-secondary button-small"
      onClick={copy}
      aria-describedby={describedBy}
    >
      Copy
    </button>
  );
}
