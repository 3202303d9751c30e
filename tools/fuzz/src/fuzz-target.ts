/** The running Kurz the fuzzer attacks, and what it seeded there. */
export interface FuzzTarget {
  /** `http://localhost:<port>`: the edge. */
  base: string;
  port: number;
  /** The Host visitors send for short links. */
  shortHost: string;
  /** A real access token of the fuzzing account, every scope granted. */
  accessToken: string;
  /** Real resources, so path parameters sometimes hit rows that exist. */
  seeds: {
    linkCode: string;
    linkId: string;
    campaignId: string;
    qrId: string;
    apiKeyId: string;
    abTestId: string;
    clientId: string;
    /** The fuzzing account's own workspace (its id), a pending invitation there and its page. */
    workspaceId: string;
    invitationId: string;
    invitationPath: string;
  };
  /** A signed-in dashboard session of the fuzzing account (its cookie and CSRF token). */
  dashboard: { cookie: string; csrfToken: string };
  /** An open MCP session of the fuzzing account (a key with every permission) and its tools. */
  mcp: {
    key: string;
    sessionId: string;
    tools: Array<{ name: string; inputSchema: Record<string, unknown> }>;
  };
}
