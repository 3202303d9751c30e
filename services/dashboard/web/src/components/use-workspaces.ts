import { useEffect, useState } from "preact/hooks";
import { currentWorkspaceId } from "../api/current-workspace";
import { listWorkspaces } from "./list-workspaces";
import { ownAccount } from "./own-account";
import { type ApiQuery, useApiQuery } from "./use-api-query";
import type { Workspace } from "./workspace";
import { onWorkspacesChanged } from "./workspaces-changed";

export interface WorkspacesData {
  workspaces: Workspace[];
  /** The person's id, which is their own workspace's. */
  ownId: string;
}

async function loadWorkspaces(signal: AbortSignal): Promise<WorkspacesData> {
  const [workspaces, own] = await Promise.all([listWorkspaces(signal), ownAccount()]);
  return { workspaces, ownId: own.id };
}

export interface WorkspacesState {
  listed: ApiQuery<WorkspacesData>;
  /** The workspace the page acts in (none chosen: the person's own); undefined until listed. */
  currentId: string | undefined;
  /** That workspace with the person's role in it; undefined until listed, or when no longer theirs. */
  current: Workspace | undefined;
}

/**
 * The workspaces the person belongs to, and the one the page acts in with their role there:
 * asked once for the header (the switcher and the sections only admins see share it), and again
 * when one is renamed, created or left.
 */
export function useWorkspaces(): WorkspacesState {
  const [version, setVersion] = useState(0);
  const listed = useApiQuery(`workspaces#${version}`, loadWorkspaces);
  useEffect(() => onWorkspacesChanged(() => setVersion((n) => n + 1)), []);
  const currentId = listed.status === "ready" ? (currentWorkspaceId() ?? listed.data.ownId) : undefined;
  const current = listed.data?.workspaces.find((workspace) => workspace.id === currentId);
  return { listed, currentId, current };
}
