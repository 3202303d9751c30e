import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Clock } from "@kurz/clock";
import { type RunningKurz, startEmbedded } from "@kurz/embedded";
import { freePort, localEdgeEnv } from "@kurz/testing";

export interface FlowKurz {
  kurz: RunningKurz;
  dataDir: string;
  /** `localhost:<port>`: the edge's host, standard short host and subdomain host alike. */
  shortHost: string;
  /** The edge as a browser reaches it (`http://localhost:<port>`). */
  edgeUrl: string;
  stop(): Promise<void>;
}

/**
 * All of Kurz embedded for a flow test: its own temp data directory, a free edge port that is
 * also the short host, quiet logs; `env` adds or overrides variables; `clock` is every service's.
 */
export async function startFlowKurz(
  name: string,
  env: Record<string, string> = {},
  options: { clock?: Clock } = {},
): Promise<FlowKurz> {
  const dataDir = mkdtempSync(path.join(tmpdir(), `kurz-${name}-`));
  const port = await freePort();
  const shortHost = `localhost:${port}`;
  const kurz = await startEmbedded({
    ports: "ephemeral",
    ...(options.clock ? { clock: options.clock } : {}),
    env: {
      ...process.env,
      LOG_LEVEL: "warn",
      DATA_DIR: dataDir,
      ...localEdgeEnv(port),
      ...env,
    },
  });
  return {
    kurz,
    dataDir,
    shortHost,
    edgeUrl: kurz.url.replace("127.0.0.1", "localhost"),
    async stop() {
      await kurz.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
