import { ApiError } from "../../api/api-error";
import { api } from "../../api/client";
import { readData } from "../../api/read-data";
import type { components } from "../../api/schema.generated";

/** A workspace's single sign-on settings (never the client secret). */
export type WorkspaceSso = components["schemas"]["WorkspaceSso"];

/** The settings, or null when none are set up (the API's 404). */
export async function getWorkspaceSso(id: string, signal: AbortSignal): Promise<WorkspaceSso | null> {
  try {
    const data = await readData(api.GET("/api/v1/workspaces/{id}/sso", { params: { path: { id } }, signal }));
    return data.sso;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

/** Sets up or changes single sign-on (owners; Enterprise plan). An empty secret keeps the stored one. */
export async function saveWorkspaceSso(
  id: string,
  body: { issuer: string; client_id: string; client_secret?: string; domain: string; enforced: boolean },
) {
  const data = await readData(api.PUT("/api/v1/workspaces/{id}/sso", { params: { path: { id } }, body }));
  return data.sso;
}

/** Checks the domain's TXT record now. */
export async function verifyWorkspaceSso(id: string) {
  const data = await readData(api.POST("/api/v1/workspaces/{id}/sso/verify", { params: { path: { id } } }));
  return data.sso;
}
