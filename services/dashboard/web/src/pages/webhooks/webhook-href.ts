import { pathOf } from "../../router";

/** The view of one endpoint and its delivery log. */
export const webhookHref = (id: string) => `${pathOf("webhooks")}?id=${encodeURIComponent(id)}`;
