import { useState } from "preact/hooks";
import type { ShortUrl } from "./short-url";

export interface LinkSelection {
  /** The selected links of the page shown, in its order. */
  selected: ShortUrl[];
  isSelected: (link: ShortUrl) => boolean;
  toggle: (link: ShortUrl, selected: boolean) => void;
  /** Selects every link of the page, or none. */
  selectPage: (selected: boolean) => void;
  clear: () => void;
}

const NONE: ReadonlySet<string> = new Set();

/**
 * The links ticked for a bulk action. They belong to one view of the list (`viewKey`: its page
 * and filters): another view starts with none. Kept as link ids, so a reload of the same view
 * (after a create or an edit) keeps them, and a link no longer on the page drops out.
 */
export function useLinkSelection(viewKey: string, pageLinks: readonly ShortUrl[]): LinkSelection {
  const [state, setState] = useState<{ key: string; ids: ReadonlySet<string> }>({ key: viewKey, ids: NONE });
  const ids = state.key === viewKey ? state.ids : NONE;
  const selected = pageLinks.filter((link) => ids.has(link.linkId));

  const toggle = (link: ShortUrl, on: boolean) =>
    setState((current) => {
      const next = new Set(current.key === viewKey ? current.ids : NONE);
      if (on) next.add(link.linkId);
      else next.delete(link.linkId);
      return { key: viewKey, ids: next };
    });

  return {
    selected,
    isSelected: (link) => ids.has(link.linkId),
    toggle,
    selectPage: (on) => setState({ key: viewKey, ids: on ? new Set(pageLinks.map((l) => l.linkId)) : NONE }),
    clear: () => setState({ key: viewKey, ids: NONE }),
  };
}
