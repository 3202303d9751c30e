import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { type Clock, TestClock } from "@kurz/clock";
import { type EmbeddedOptions, type RunningKurz, startEmbedded } from "@kurz/embedded";
import { freePort, localEdgeEnv } from "@kurz/testing";

export interface FlowKurz {
  kurz: RunningKurz;
  dataDir: string;
  /** `localhost:<port>`: the edge's host, standard short host and subdomain host alike. */
  shortHost: string;
  /** The edge as a browser reaches it (`http://localhost:<port>`). */
  edgeUrl: string;
  /** Every service's clock: a TestClock unless the test brought its own. */
  clock: Clock;
  /**
   * Makes every service ask auth-server for plans again at once (setFlowPlan calls it): moves
   * the clock past the plan caches' TTL, instead of waiting it out.
   */
  expirePlanCaches(): void;
  stop(): Promise<void>;
}

/**
 * A flow changes plans as an operator would and expects the next step to see the new one; how
 * long services keep a plan is their own tests' business. Short, so a clock brought by the test
 * that is not a TestClock still lets it pass in a moment.
 */
const FLOW_PLAN_CACHE_TTL_MS = 200;

/**
 * All of Kurz embedded for a flow test: its own temp data directory, a free edge port that is
 * also the short host, quiet logs; `env` adds or overrides variables; `clock` is every service's;
 * `serviceEnv` sets variables for one service only (e.g. link-api's DATABASE_URL).
 */
export async function startFlowKurz(
  name: string,
  env: Record<string, string> = {},
  options: { clock?: Clock; serviceEnv?: EmbeddedOptions["serviceEnv"] } = {},
): Promise<FlowKurz> {
  const dataDir = mkdtempSync(path.join(tmpdir(), `kurz-${name}-`));
  const port = await freePort();
  const shortHost = `localhost:${port}`;
  const clock = options.clock ?? new TestClock();
  const planCacheTtlMs = Number(env.PLAN_CACHE_TTL_MS ?? FLOW_PLAN_CACHE_TTL_MS);
  const kurz = await startEmbedded({
    ports: "ephemeral",
    clock,
    ...(options.serviceEnv ? { serviceEnv: options.serviceEnv } : {}),
    env: {
      ...process.env,
      LOG_LEVEL: "warn",
      DATA_DIR: dataDir,
      ...localEdgeEnv(port),
      PLAN_CACHE_TTL_MS: String(planCacheTtlMs),
      ...env,
    },
  });
  return {
    kurz,
    dataDir,
    shortHost,
    edgeUrl: kurz.url.replace("127.0.0.1", "localhost"),
    clock,
    expirePlanCaches() {
      if (clock instanceof TestClock) clock.advance(planCacheTtlMs + 1);
    },
    async stop() {
      await kurz.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
