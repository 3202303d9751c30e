import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { type RunningCluster, startDistributed } from "@kurz/distributed";
import {
  freePort,
  isolatedRedisEnv,
  kafkaBackend,
  localEdgeEnv,
  postgresBackend,
  redisBackend,
  setPlanAsOperator,
  signInWithOAuth,
} from "@kurz/testing";
import { afterAll, beforeAll, describe, it } from "vitest";
import { runAbTestJourney } from "./support/run-ab-test-journey";
import { runAgentAndDashboardJourney } from "./support/run-agent-and-dashboard-journey";
import { AUDIT_JOURNEY_SCOPE, runAuditLogJourney } from "./support/run-audit-log-journey";
import { runLinkJourney } from "./support/run-link-journey";
import { runWorkspaceRolesJourney } from "./support/run-workspace-roles-journey";

const [postgres, redis, kafka] = await Promise.all([postgresBackend(), redisBackend(), kafkaBackend()]);

describe.skipIf(!postgres.available || !redis.available || !kafka.available)(
  "distributed mode: the same journey across eight processes on PostgreSQL, Redis, Kafka and chDB",
  () => {
    let cluster: RunningCluster;
    let dataDir: string;
    let shortHost: string;
    const adminSecret = randomBytes(24).toString("base64url");
    const lines: string[] = [];

    beforeAll(async () => {
      if (!postgres.available || !redis.available) throw new Error("unreachable");
      dataDir = mkdtempSync(path.join(tmpdir(), "kurz-flow-distributed-"));
      const port = await freePort();
      shortHost = `localhost:${port}`;
      cluster = await startDistributed({
        env: {
          ...process.env,
          LOG_LEVEL: "warn",
          // Visitors come from many countries (X-Forwarded-For): the test is the proxy in front of the edge.
          EDGE_TRUSTED_PROXIES: "loopback",
          DATA_DIR: dataDir,
          KURZ_POSTGRES_ADMIN_URL: postgres.value.adminUrl,
          ...isolatedRedisEnv(redis.value.url),
          ...localEdgeEnv(port),
          // The A/B journey's plan change right after sign-up must be seen by the services at once.
          PLAN_CACHE_TTL_MS: "200",
          // The operator's admin command moves the A/B journey's account to Pro.
          ADMIN_SECRET: adminSecret,
          // The audit journey's webhook endpoint points at a local address.
          WEBHOOK_ALLOWED_TARGETS: "127.0.0.1/32",
        },
        ports: "ephemeral",
        output: (line) => lines.push(line),
      });
    });

    afterAll(async () => {
      await cluster?.stop();
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    });

    it("signs in with OAuth, creates a link, counts its visits exactly, attributes a conversion, and forgets it once deleted", async () => {
      try {
        await runLinkJourney(cluster.url.replace("127.0.0.1", "localhost"), shortHost);
      } catch (error) {
        throw new Error(
          `${(error as Error).message}\n--- last service output ---\n${lines.slice(-40).join("\n")}`,
          {
            cause: error,
          },
        );
      }
      // Long by design: a whole journey across a process per service, events over Kafka.
    }, 240_000);

    it("runs an A/B test's whole life through REST across the processes", async () => {
      try {
        await runAbTestJourney({
          edgeUrl: cluster.url.replace("127.0.0.1", "localhost"),
          shortHost,
          dataDir,
          authServerGrpcAddress: cluster.services["auth-server"].grpcAddress,
          adminSecret,
        });
      } catch (error) {
        throw new Error(
          `${(error as Error).message}\n--- last service output ---\n${lines.slice(-40).join("\n")}`,
          {
            cause: error,
          },
        );
      }
      // Long by design: a whole journey across a process per service, events over Kafka.
    }, 240_000);

    it("allows each workspace role what it may on every service, and refuses a removed person from the next request on", async () => {
      try {
        await runWorkspaceRolesJourney({
          edgeUrl: cluster.url.replace("127.0.0.1", "localhost"),
          dataDir,
          authServerGrpcAddress: cluster.services["auth-server"].grpcAddress,
          adminSecret,
        });
      } catch (error) {
        throw new Error(
          `${(error as Error).message}\n--- last service output ---\n${lines.slice(-40).join("\n")}`,
          { cause: error },
        );
      }
      // Long by design: invitations, roles and a removal across a process per service.
    }, 240_000);

    it("records each change of each surface once in the audit log, through each service's outbox and Kafka", async () => {
      const edgeUrl = cluster.url.replace("127.0.0.1", "localhost");
      try {
        const owner = await signInWithOAuth(edgeUrl, AUDIT_JOURNEY_SCOPE, {
          afterSignUp: (email) =>
            setPlanAsOperator({
              dataDir,
              authServerGrpcAddress: cluster.services["auth-server"].grpcAddress,
              email,
              plan: "business",
              adminSecret,
            }),
        });
        await runAuditLogJourney({ edgeUrl, owner, webhookUrl: "http://127.0.0.1:9/audit-hook" });
      } catch (error) {
        throw new Error(
          `${(error as Error).message}\n--- last service output ---\n${lines.slice(-40).join("\n")}`,
          { cause: error },
        );
      }
      // Long by design: changes on four services, their entries over Kafka to auth-server.
    }, 240_000);

    it("serves an agent over MCP and the same person's dashboard across the processes (sessions in Redis)", async () => {
      try {
        await runAgentAndDashboardJourney({
          edgeUrl: cluster.url.replace("127.0.0.1", "localhost"),
          shortHost,
          dataDir,
          authServerGrpcAddress: cluster.services["auth-server"].grpcAddress,
          adminSecret,
        });
      } catch (error) {
        throw new Error(
          `${(error as Error).message}\n--- last service output ---\n${lines.slice(-40).join("\n")}`,
          { cause: error },
        );
      }
      // Long by design: a whole journey across a process per service, events over Kafka.
    }, 240_000);
  },
);
