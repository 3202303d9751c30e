/** An API key of the signed-in user's account, made through the REST API as the dashboard does. */
export async function createMcpKey(
  edgeUrl: string,
  accessToken: string,
  permissions: string[],
): Promise<string> {
  const response = await fetch(`${edgeUrl}/api/v1/api-keys`, {
    method: "POST",
    headers: { authorization: `Bearer ${accessToken}`, "content-type": "application/json" },
    body: JSON.stringify({ name: `agent ${permissions.length}`, permissions }),
  });
  const body = (await response.json()) as { api_key?: { key: string } };
  if (response.status !== 201 || body.api_key === undefined) {
    throw new Error(`creating an API key answered ${response.status}: ${JSON.stringify(body)}`);
  }
  return body.api_key.key;
}
