import { currentWorkspaceId } from "../../api/current-workspace";
import { getWorkspace } from "../../components/get-workspace";
import { ownAccount } from "../../components/own-account";

/**
 * The person's role in the workspace the page acts in (none chosen: their own), the same way the
 * team page learns it: a key created here may do at most that (docs/api/account.md#api-keys).
 */
export async function getCurrentRole(signal: AbortSignal) {
  const id = currentWorkspaceId() ?? (await ownAccount()).id;
  return (await getWorkspace(id, signal)).role;
}
