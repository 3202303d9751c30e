import { setPlanAsOperator, signInWithOAuth } from "@kurz/testing";
import { type CheckContext, checkInvariants, type InvariantRow } from "./check-invariants";
import type { Fault } from "./faults";
import { kurzApi } from "./kurz-client";
import { oauthSession } from "./oauth-session";
import { PhaseLedger } from "./phase-ledger";
import { startChaosCluster } from "./start-chaos-cluster";
import { type MisbehavingReceiver, startMisbehavingReceiver } from "./start-misbehaving-receiver";
import { SteadyLoad } from "./steady-load";

const SCOPE =
  "shorturl:create shorturl:read shorturl:update shorturl:delete analytics:read conversion:write webhook:read webhook:write abtest:read abtest:write";
const EVENT_TYPES = ["link.created", "link.updated", "conversion.recorded"];

export interface ChaosOptions {
  faults: Fault[];
  /** The PostgreSQL server (an admin URL) and Redis behind the proxies; default: the local ones. */
  postgresUrl?: string;
  redisUrl?: string;
  /** Links created (and cached) before each fault. */
  linksPerPhase?: number;
  /** Load before the fault is injected, in ms. */
  warmUpMs?: number;
  /** Longest wait for convergence per invariant after each fault. */
  settleMs?: number;
  log?: (line: string) => void;
  /** Aborted when the caller gives up (a test's timeout): the cluster is stopped at once. */
  signal?: AbortSignal;
}

/**
 * Starts distributed Kurz behind fault proxies, puts a steady load on it, injects each fault in
 * turn and checks every invariant after it. Returns the table's rows.
 */
export async function runChaos(options: ChaosOptions): Promise<InvariantRow[]> {
  const log = options.log ?? ((line: string) => process.stdout.write(`${line}\n`));
  const rows: InvariantRow[] = [];
  log("chaos: starting distributed Kurz behind fault proxies");
  const chaos = await startChaosCluster({
    ...(options.postgresUrl ? { postgresUrl: options.postgresUrl } : {}),
    ...(options.redisUrl ? { redisUrl: options.redisUrl } : {}),
  });
  // A caller that gives up must not leave eight processes running: stop them now, not after the
  // phase that is waiting (it may wait for minutes).
  const stopOnAbort = () => void chaos.stop();
  options.signal?.addEventListener("abort", stopOnAbort, { once: true });
  const receivers: Record<string, MisbehavingReceiver> = {
    "endpoint A": await startMisbehavingReceiver(),
    "endpoint B (misbehaves)": await startMisbehavingReceiver(),
  };
  try {
    const user = await signInWithOAuth(chaos.edgeUrl, SCOPE, {
      afterSignUp: (email) =>
        setPlanAsOperator({
          dataDir: chaos.dataDir,
          authServerGrpcAddress: chaos.cluster.services["auth-server"].grpcAddress,
          email,
          plan: "business",
          adminSecret: chaos.adminSecret,
        }),
    });
    const session = oauthSession(chaos.edgeUrl, user);
    const api = kurzApi(chaos.edgeUrl, session);
    const endpoints: CheckContext["endpoints"] = {};
    for (const [name, receiver] of Object.entries(receivers)) {
      const created = await api("POST", "/api/v1/webhooks", { url: receiver.url, event_types: EVENT_TYPES });
      if (created.status !== 201) {
        throw new Error(`webhook endpoint: ${created.status} ${JSON.stringify(created.body)}`);
      }
      endpoints[name] = { receiver, endpointId: String(created.body.webhook.id) };
    }
    const load = new SteadyLoad({ api, edgeUrl: chaos.edgeUrl, shortHost: chaos.shortHost });
    const misbehaving = receivers["endpoint B (misbehaves)"]!;

    for (const fault of options.faults) {
      options.signal?.throwIfAborted();
      const notRun = fault.notRun ?? fault.unavailable?.(chaos);
      if (notRun || !fault.inject) {
        rows.push({
          fault: fault.name,
          invariant: "(all)",
          expected: 0,
          observed: 0,
          lost: 0,
          duplicated: 0,
          verdict: "not run",
          note: notRun ?? "",
        });
        log(`chaos: ${fault.name}: not run (${notRun})`);
        continue;
      }
      const started = Date.now();
      const refreshesBefore = session.refreshes();
      const ledger = new PhaseLedger(fault.name);
      await load.prepare(ledger, options.linksPerPhase ?? 3);
      const stopLoad = new AbortController();
      const running = load.run(ledger, stopLoad.signal);
      await new Promise((resolve) => setTimeout(resolve, options.warmUpMs ?? 2_000));
      log(`chaos: ${fault.name}: injecting`);
      ledger.faultOn = true;
      try {
        await fault.inject({ chaos, receiver: misbehaving });
      } finally {
        ledger.faultOn = false;
      }
      log(`chaos: ${fault.name}: over; settling`);
      stopLoad.abort();
      await running;
      await load.retryRefused(ledger);
      ledger.tokenRefreshes = session.refreshes() - refreshesBefore;
      const phaseRows = await checkInvariants(ledger, {
        api,
        load,
        endpoints,
        settleMs: options.settleMs ?? 90_000,
      });
      rows.push(...phaseRows);
      const violated = phaseRows.filter((row) => row.verdict === "VIOLATED").map((row) => row.invariant);
      log(
        `chaos: ${fault.name}: ${violated.length === 0 ? "every invariant holds" : `VIOLATED: ${violated.join(", ")}`} (${Math.round((Date.now() - started) / 1000)} s)`,
      );
    }
    return rows;
  } catch (error) {
    throw new Error(
      `${(error as Error).message}\n--- last service output ---\n${chaos.recentOutput().slice(-40).join("\n")}`,
      { cause: error },
    );
  } finally {
    options.signal?.removeEventListener("abort", stopOnAbort);
    for (const receiver of Object.values(receivers)) await receiver.close();
    await chaos.stop();
  }
}
