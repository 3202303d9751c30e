import { pathOf } from "../../router";

/** The imports page watching one import: a link that can be reloaded or shared. */
export const importHref = (id: string): string => `${pathOf("imports")}?id=${encodeURIComponent(id)}`;
