import { api } from "../../api/client";
import { readData } from "../../api/read-data";

/** The signed-in account and what its plan allows. */
export async function getAccount(signal: AbortSignal) {
  const data = await readData(api.GET("/api/v1/account", { signal }));
  return data.account;
}
