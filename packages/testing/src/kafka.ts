import { type ChildProcessWithoutNullStreams, execFile, spawn } from "node:child_process";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { Kafka, logLevel } from "kafkajs";
import { type BackendLookup, canConnect, unavailable } from "./backend-availability";
import { containerRuntimeAvailable, kafkaContainer } from "./containers";

const TOOL_DIR = fileURLToPath(new URL("../../../tools/kafka-mock/", import.meta.url));
const BUILD_SCRIPT = `${TOOL_DIR}build.sh`;
const BINARY = `${TOOL_DIR}kafka-mock`;
const READY_TIMEOUT_MS = 10_000;
const STOP_TIMEOUT_MS = 3_000;

export interface KafkaMockOptions {
  topics: string[];
  /** Partitions per topic. Default 3. */
  partitions?: number;
  /** Number of brokers (ids 1..N). Default 1. */
  brokers?: number;
}

/** A librdkafka mock cluster in a child process (tools/kafka-mock). */
export interface KafkaMock {
  brokers: string[];
  /** Broker `id` (1-based) refuses connections until `setBrokerUp`; its port is kept. */
  setBrokerDown(id: number): Promise<void>;
  setBrokerUp(id: number): Promise<void>;
  createTopic(name: string, partitions?: number): Promise<void>;
  stop(): Promise<void>;
}

/**
 * kafkajs settings (names of `KafkaTuning` in @kurz/events) for test clusters. The mock answers
 * an empty fetch only after the full wait and holds rebalances for session timeout - 1 s, so both
 * are short; a first join always takes 3 s (its group.initial.rebalance.delay).
 */
export const kafkaMockTuning = {
  connectionTimeoutMs: 1_000,
  requestTimeoutMs: 10_000,
  sessionTimeoutMs: 4_000,
  heartbeatIntervalMs: 300,
  rebalanceTimeoutMs: 10_000,
  maxWaitTimeMs: 100,
  metadataMaxAgeMs: 5_000,
  clientRetries: 2,
  clientRetryInitialMs: 100,
  clientRetryMaxMs: 1_000,
  joinTimeoutMs: 30_000,
  pingTimeoutMs: 2_000,
} as const;

/** For a real cluster from KURZ_TEST_KAFKA_BROKERS: its group coordinator needs longer sessions. */
const externalKafkaTuning = {
  ...kafkaMockTuning,
  sessionTimeoutMs: 10_000,
  heartbeatIntervalMs: 1_000,
  maxWaitTimeMs: 500,
};

const running = new Set<ChildProcessWithoutNullStreams>();
let exitHookInstalled = false;

function killOnExit(child: ChildProcessWithoutNullStreams) {
  running.add(child);
  child.once("exit", () => running.delete(child));
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  // The mock also exits on EOF of stdin; this covers a parent that exits without closing it.
  process.once("exit", () => {
    for (const proc of running) proc.kill("SIGKILL");
  });
}

/** Builds tools/kafka-mock/kafka-mock when missing or older than its source; returns its path. */
export async function buildKafkaMock(): Promise<string> {
  try {
    await promisify(execFile)("bash", [BUILD_SCRIPT], { timeout: 120_000 });
  } catch (error) {
    const stderr = (error as { stderr?: string }).stderr?.trim();
    throw new Error(`building the Kafka mock failed: ${stderr || (error as Error).message}`);
  }
  return BINARY;
}

/** Starts a mock cluster with the given topics and waits until it listens. */
export async function startKafkaMock(options: KafkaMockOptions): Promise<KafkaMock> {
  const binary = await buildKafkaMock();
  const partitions = options.partitions ?? 3;
  const args = ["--brokers", String(options.brokers ?? 1), "--partitions", String(partitions)];
  for (const topic of options.topics) args.push("--topic", topic);

  const child = spawn(binary, args, { stdio: ["pipe", "pipe", "pipe"] });
  killOnExit(child);
  let stderr = "";
  child.stderr.on("data", (chunk: Buffer) => {
    stderr += chunk.toString();
  });

  const answers: Array<{ resolve(line: string): void; reject(error: Error): void }> = [];
  const lines = createInterface({ input: child.stdout });
  const bootstrap = new Promise<string>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error("Kafka mock did not report BOOTSTRAP in time")),
      READY_TIMEOUT_MS,
    );
    const fail = (error: Error) => {
      clearTimeout(timer);
      reject(error);
    };
    child.once("error", fail);
    child.once("exit", (code, signal) => {
      const error = new Error(`Kafka mock exited (${signal ?? code}): ${stderr.trim()}`);
      fail(error);
      for (const answer of answers.splice(0)) answer.reject(error);
    });
    lines.on("line", (line) => {
      if (line.startsWith("BOOTSTRAP ")) {
        clearTimeout(timer);
        resolve(line.slice("BOOTSTRAP ".length).trim());
        return;
      }
      answers.shift()?.resolve(line);
    });
  });

  let brokers: string[];
  try {
    brokers = (await bootstrap).split(",");
  } catch (error) {
    child.kill("SIGKILL");
    throw error;
  }

  async function command(line: string): Promise<void> {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error("Kafka mock is not running");
    const answer = new Promise<string>((resolve, reject) => answers.push({ resolve, reject }));
    child.stdin.write(`${line}\n`);
    const reply = await answer;
    if (reply !== "OK") throw new Error(`Kafka mock refused "${line}": ${reply}`);
  }

  let stopped: Promise<void> | undefined;
  function stop(): Promise<void> {
    stopped ??= new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      const timer = setTimeout(() => child.kill("SIGKILL"), STOP_TIMEOUT_MS);
      child.once("exit", () => {
        clearTimeout(timer);
        resolve();
      });
      child.stdin.end();
    });
    return stopped;
  }

  return {
    brokers,
    setBrokerDown: (id) => command(`down ${id}`),
    setBrokerUp: (id) => command(`up ${id}`),
    createTopic: (name, count = partitions) => command(`topic ${name} ${count}`),
    stop,
  };
}

/** A cluster a test can use: brokers, the tuning that suits it, and outage control for the mock. */
export interface KafkaTestCluster {
  brokers: string[];
  tuning: typeof kafkaMockTuning | typeof externalKafkaTuning;
  /** Present for the mock only: broker outages cannot be simulated on an external cluster. */
  mock: KafkaMock | undefined;
  stop(): Promise<void>;
}

export interface KafkaBackend {
  source: "env" | "container" | "mock";
  /** A cluster with these topics: a fresh mock, or the external one with the topics created. */
  start(options: KafkaMockOptions): Promise<KafkaTestCluster>;
}

function externalBackend(brokers: string[], source: "env" | "container" = "env"): KafkaBackend {
  return {
    source,
    async start(options) {
      const kafka = new Kafka({ clientId: "kurz-test", brokers, logLevel: logLevel.NOTHING });
      const admin = kafka.admin();
      await admin.connect();
      try {
        await admin.createTopics({
          waitForLeaders: true,
          topics: options.topics.map((topic) => ({ topic, numPartitions: options.partitions ?? 3 })),
        });
      } finally {
        await admin.disconnect();
      }
      return { brokers, tuning: externalKafkaTuning, mock: undefined, stop: async () => {} };
    },
  };
}

const mockBackend: KafkaBackend = {
  source: "mock",
  async start(options) {
    const mock = await startKafkaMock(options);
    return { brokers: mock.brokers, tuning: kafkaMockTuning, mock, stop: mock.stop };
  },
};

let lookup: Promise<BackendLookup<KafkaBackend>> | undefined;

async function findKafkaBackend(): Promise<BackendLookup<KafkaBackend>> {
  const fromEnv = process.env.KURZ_TEST_KAFKA_BROKERS?.split(",")
    .map((broker) => broker.trim())
    .filter(Boolean);
  if (fromEnv && fromEnv.length > 0) {
    const [host = "", port = ""] = fromEnv[0]!.split(":");
    if (!(await canConnect(host, Number(port), 2_000))) {
      return unavailable("Kafka", `KURZ_TEST_KAFKA_BROKERS=${fromEnv.join(",")} does not accept connections`);
    }
    return { available: true, value: externalBackend(fromEnv) };
  }
  // A Docker engine gives a real Apache Kafka (docs/architecture.md#testing); the mock serves everywhere else.
  if (await containerRuntimeAvailable()) {
    return { available: true, value: externalBackend((await kafkaContainer()).brokers, "container") };
  }
  try {
    const probe = await startKafkaMock({ topics: [] });
    await probe.stop();
    return { available: true, value: mockBackend };
  } catch (error) {
    return unavailable(
      "Kafka",
      `KURZ_TEST_KAFKA_BROKERS is unset, no Docker engine answers and the librdkafka mock cannot run: ${(error as Error).message}`,
    );
  }
}

/**
 * Finds Kafka for contract tests: KURZ_TEST_KAFKA_BROKERS (comma-separated host:port) when set,
 * else the librdkafka mock cluster built from tools/kafka-mock (needs Debian librdkafka-dev and a
 * C compiler). With CI=true a missing Kafka throws instead of skipping.
 */
export function kafkaBackend(): Promise<BackendLookup<KafkaBackend>> {
  lookup ??= findKafkaBackend();
  return lookup;
}
