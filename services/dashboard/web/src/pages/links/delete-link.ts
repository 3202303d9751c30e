import { api } from "../../api/client";
import { readData } from "../../api/read-data";
import type { ShortUrl } from "./short-url";

/** Deletes a short link, named by its link id so the host it answers on does not matter. */
export function deleteLink(link: ShortUrl) {
  return readData(api.DELETE("/api/v1/urls/{code}", { params: { path: { code: link.linkId } } }));
}
