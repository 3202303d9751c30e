import { pathOf } from "../../router";

/** One test's own view: a link that can be shared or reloaded. */
export const abTestHref = (id: string) => `${pathOf("ab-tests")}?id=${encodeURIComponent(id)}`;
