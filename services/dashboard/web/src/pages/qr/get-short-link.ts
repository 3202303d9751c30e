import { api } from "../../api/client";
import { readData } from "../../api/read-data";

/** A short link of the account: the one a new QR code starts from (?link=), or a code's scan count. */
export async function getShortLink(code: string, signal: AbortSignal) {
  const data = await readData(api.GET("/api/v1/urls/{code}", { params: { path: { code } }, signal }));
  return data.url;
}
