import { api } from "../api/client";
import { fetchInOwnWorkspace } from "../api/current-workspace";
import { readData } from "../api/read-data";
import { loadOnce } from "./load-once";

/**
 * The person's own account, whatever workspace the page acts in: its id is the person's id and
 * their own workspace's. Asked once per page load (the header and the team page share it).
 */
export const ownAccount = loadOnce(async () => {
  const data = await readData(api.GET("/api/v1/account", { fetch: fetchInOwnWorkspace }));
  return data.account;
});
