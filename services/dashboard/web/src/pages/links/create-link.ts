import { api } from "../../api/client";
import { readData } from "../../api/read-data";
import type { paths } from "../../api/schema.generated";

export type CreateLinkBody = paths["/api/v1/urls"]["post"]["requestBody"]["content"]["application/json"];

/** Creates a short link and returns it as the API shows it. */
export async function createLink(body: CreateLinkBody) {
  const data = await readData(api.POST("/api/v1/urls", { body }));
  return data.url;
}
