import { api } from "../../api/client";
import { readData } from "../../api/read-data";
import type { paths } from "../../api/schema.generated";
import type { ShortUrl } from "./short-url";

export type UpdateLinkBody =
  paths["/api/v1/urls/{code}"]["patch"]["requestBody"]["content"]["application/json"];

/** Changes the fields present in body; named by link id so the host it answers on does not matter. */
export async function updateLink(link: ShortUrl, body: UpdateLinkBody) {
  const data = await readData(
    api.PATCH("/api/v1/urls/{code}", { params: { path: { code: link.linkId } }, body }),
  );
  return data.url;
}
