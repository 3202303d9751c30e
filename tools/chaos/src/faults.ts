import { setTimeout as pause } from "node:timers/promises";
import type { ServiceName } from "@kurz/routes";
import type { ChaosCluster } from "./start-chaos-cluster";
import type { MisbehavingReceiver, ReceiverMode } from "./start-misbehaving-receiver";

export interface FaultContext {
  chaos: ChaosCluster;
  /** The receiver that misbehaves; the other endpoint's receiver always answers 204. */
  receiver: MisbehavingReceiver;
}

export interface Fault {
  name: string;
  /** Injects the fault and holds it (the load runs meanwhile); resolves once it is over. */
  inject?: (context: FaultContext) => Promise<void>;
  /** Why it cannot be injected on this machine: printed as "not run". */
  notRun?: string;
  /** Why it cannot be injected into this cluster (asked before the phase): printed as "not run". */
  unavailable?: (chaos: ChaosCluster) => string | undefined;
}

/** The broker's id in the single-broker mock cluster. */
const BROKER = 1;
/** How long a killed service stays dead before it is started again: load keeps arriving. */
const DEAD_MS = 3_000;

function cutPath(proxy: "postgresProxy" | "redisProxy", downMs: number): Fault["inject"] {
  return async ({ chaos }) => {
    chaos[proxy].cut();
    await pause(downMs);
    chaos[proxy].restore();
  };
}

function killMidBatch(service: ServiceName): Fault["inject"] {
  return async ({ chaos }) => {
    // Load has been arriving for a while: the service holds a batch (consumer, outbox, requests).
    await pause(2_000);
    await chaos.cluster.kill(service, "SIGKILL");
    await pause(DEAD_MS);
    await chaos.cluster.restart(service);
  };
}

function misbehave(mode: ReceiverMode, forMs: number): Fault["inject"] {
  return async ({ receiver }) => {
    receiver.setMode(mode);
    await pause(forMs);
    receiver.setMode("ok");
  };
}

/** How long the load runs on the moved clock before the phase's invariants are checked. */
const JUMPED_MS = 10_000;

/**
 * Every service's wall clock steps forward an hour at once (an NTP step), while the clients' does
 * not. It stays forward, as a real step does: the invariants are checked on the moved clock, and
 * a later phase would run on it too (stepping back would be another fault, a backward jump).
 */
const jumpClock: Fault["inject"] = async ({ chaos }) => {
  if (!chaos.clock.available) throw new Error(chaos.clock.reason);
  chaos.clock.jump("+1h");
  await pause(JUMPED_MS);
};

/** Every fault of the full run, in order (issue 31). */
export const ALL_FAULTS: Fault[] = [
  { name: "postgres-down-2s", inject: cutPath("postgresProxy", 2_000) },
  { name: "postgres-down-20s", inject: cutPath("postgresProxy", 20_000) },
  { name: "redis-down-10s", inject: cutPath("redisProxy", 10_000) },
  {
    name: "broker-down-10s",
    inject: async ({ chaos }) => {
      await chaos.kafka.setBrokerDown(BROKER);
      await pause(10_000);
      await chaos.kafka.setBrokerUp(BROKER);
    },
  },
  {
    name: "auth-server-restart",
    inject: async ({ chaos }) => {
      await chaos.cluster.kill("auth-server", "SIGKILL");
      await pause(DEAD_MS);
      await chaos.cluster.restart("auth-server");
    },
  },
  { name: "analytics-ingest-sigkill", inject: killMidBatch("analytics-ingest") },
  { name: "webhook-dispatcher-sigkill", inject: killMidBatch("webhook-dispatcher") },
  { name: "link-api-sigkill", inject: killMidBatch("link-api") },
  { name: "receiver-nul-bytes", inject: misbehave("nul-bytes", 6_000) },
  { name: "receiver-10mb-body", inject: misbehave("huge-body", 6_000) },
  { name: "receiver-stall-30s", inject: misbehave("stall", 6_000) },
  { name: "receiver-reset", inject: misbehave("reset", 6_000) },
  {
    name: "clock-jump-1h",
    inject: jumpClock,
    unavailable: ({ clock }) => (clock.available ? undefined : clock.reason),
  },
];

/**
 * The bounded run of `make test`: a database, a Redis, a broker and a receiver fault, the short ones (a
 * SIGKILL phase waits out a restart and a claim lease: two minutes on two cores, `make chaos` only).
 */
export const BOUNDED_FAULTS = ["postgres-down-2s", "redis-down-10s", "broker-down-10s", "receiver-reset"];

export function selectFaults(names: string[] | undefined): Fault[] {
  if (!names || names.length === 0) return ALL_FAULTS;
  const unknown = names.filter((name) => !ALL_FAULTS.some((fault) => fault.name === name));
  if (unknown.length > 0) {
    throw new Error(
      `unknown fault(s) ${unknown.join(", ")}; known: ${ALL_FAULTS.map((f) => f.name).join(", ")}`,
    );
  }
  return ALL_FAULTS.filter((fault) => names.includes(fault.name));
}
