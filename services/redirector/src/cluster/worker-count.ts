import { availableParallelism } from "node:os";
import { ConfigError } from "@kurz/config";
import { type RedirectorConfig, SERVICE_NAME } from "../config";

/**
 * How many processes serve redirects (REDIRECTOR_WORKERS): `auto` is one per core this process
 * may use. Workers are replicas behind one port, so more than one needs the shared cache and bus:
 * with the in-process ones each worker would see only its own clicks and changes.
 */
export function workerCount(
  config: Pick<RedirectorConfig, "REDIRECTOR_WORKERS" | "REDIS_URL" | "KAFKA_BROKERS">,
  cores: number = availableParallelism(),
): number {
  const count = config.REDIRECTOR_WORKERS === "auto" ? cores : config.REDIRECTOR_WORKERS;
  if (count > 1 && (!config.REDIS_URL || config.KAFKA_BROKERS.length === 0)) {
    throw new ConfigError(SERVICE_NAME, [
      `REDIRECTOR_WORKERS: ${count} workers need REDIS_URL and KAFKA_BROKERS (workers share the cache and the bus); set them, or REDIRECTOR_WORKERS=1`,
    ]);
  }
  return count;
}
