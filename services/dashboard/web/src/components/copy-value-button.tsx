import { announce } from "./announce";

interface CopyValueButtonProps {
  text: string;
  /** What is copied, read after the visible "Copy": "record name" → "Copy record name". */
  what: string;
}

/**
 * A Copy button for one of several values side by side (a DNS record's name and value, a new
 * API key): its accessible name says which value, its visible text stays short.
 */
export function CopyValueButton({ text, what }: CopyValueButtonProps) {
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      announce(`Copied the ${what}`);
    } catch {
      // No clipboard without a secure context or without the permission.
      announce(`Could not copy: select the ${what} and copy it`);
    }
  };
  return (
    <button type="button" class="button button-secondary button-small" onClick={copy}>
      Copy<span class="visually-hidden"> {what}</span>
    </button>
  );
}
