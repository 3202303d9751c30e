/**
 * The bench's client, run in its own process (forked by run-mcp-bench) so that the processes
 * measured there spend their CPU only on serving: the MCP sessions to the gateway or the bare hop (plain
 * keep-alive HTTP, open-mcp-session.ts), the gRPC client to link-api, and the idle SSE streams. The parent sends one command
 * at a time over the IPC channel and gets its result back.
 */
import { createGrpcClient } from "@kurz/grpc";
import { createLogger } from "@kurz/logger";
import { linksV1 } from "@kurz/proto";
import { createServiceTokensFromConfig } from "@kurz/service-runtime";
import type { BenchAccount, BenchCommand, BenchTarget } from "./bench-protocol";
import { measureCalls } from "./measure-calls";
import { openIdleSseSessions } from "./open-idle-sse-sessions";
import { type McpSession, openMcpSession } from "./open-mcp-session";

const target = JSON.parse(process.env.MCP_BENCH_TARGET ?? "{}") as BenchTarget;
const logger = createLogger({ service: "mcp-bench", level: "fatal" });
const tokens = createServiceTokensFromConfig(
  { AUTH_SERVER_HTTP_URL: target.authServerHttpUrl, SERVICE_CLIENT_SECRET: target.gatewaySecret },
  "mcp-gateway",
);
const links = createGrpcClient(linksV1.LinkService, target.linkApiGrpcAddress, {
  logger,
  auth: { audience: "link-api", tokens },
});
const direct = (account: BenchAccount) =>
  links.getLink({ shortCode: account.shortCode }, { actor: { apiKey: account.key } });

const sessionsOf = new Map<string, McpSession[]>();
const callGetUrl = async (session: McpSession, shortCode: string) => {
  const result = (await session.request("tools/call", {
    name: "getUrl",
    arguments: { shortCode },
  })) as { isError?: boolean; content: unknown };
  if (result.isError) throw new Error(JSON.stringify(result.content));
};
let closeIdle: (() => void) | undefined;

async function run(command: BenchCommand): Promise<unknown> {
  switch (command.kind) {
    case "open": {
      const opened = sessionsOf.get(`${command.via} ${command.account.key}`) ?? [];
      while (opened.length < command.sessions) {
        opened.push(await openMcpSession(target.urls[command.via], command.account.key, command.revision));
      }
      sessionsOf.set(`${command.via} ${command.account.key}`, opened);
      return null;
    }
    case "direct": {
      const account = command.account;
      return measureCalls(
        Array.from({ length: command.sessions }, (_, i) => i),
        command.calls,
        () => direct(account),
        command.paceMs,
      );
    }
    case "mcp": {
      const { key, shortCode } = command.account;
      const sessions = (sessionsOf.get(`${command.via} ${key}`) ?? []).slice(0, command.sessions);
      if (sessions.length < command.sessions) throw new Error("open the sessions first");
      return measureCalls(
        sessions,
        command.calls,
        (session) => callGetUrl(session, shortCode),
        command.paceMs,
      );
    }
    case "open-sse":
      closeIdle = await openIdleSseSessions(target.urls.gateway, command.key, command.sessions);
      return null;
    case "close":
      closeIdle?.();
      await Promise.all([...sessionsOf.values()].flat().map((session) => session.close()));
      links.close();
      return null;
  }
}

process.on("message", (command: BenchCommand) => {
  run(command).then(
    (result) => process.send?.({ ok: true, result }),
    (error: unknown) => process.send?.({ ok: false, error: String(error) }),
  );
});
process.send?.({ ok: true, result: "ready" });
