import { describe, expect, it } from "vitest";
import { workerCount } from "../src/cluster/worker-count";
import { loadConfig } from "../src/config";

const shared = { REDIS_URL: "redis://127.0.0.1:6379", KAFKA_BROKERS: "127.0.0.1:9092" };

describe("REDIRECTOR_WORKERS", () => {
  it("is one process by default, a number, or one per core with auto", () => {
    expect(workerCount(loadConfig({}), 8)).toBe(1);
    expect(workerCount(loadConfig({ ...shared, REDIRECTOR_WORKERS: "3" }), 8)).toBe(3);
    expect(workerCount(loadConfig({ ...shared, REDIRECTOR_WORKERS: "auto" }), 8)).toBe(8);
    expect(workerCount(loadConfig({ REDIRECTOR_WORKERS: "auto" }), 1)).toBe(1);
  });

  it("refuses more than one worker without the shared cache and bus, and values that are not counts", () => {
    expect(() => workerCount(loadConfig({ REDIRECTOR_WORKERS: "2" }), 8)).toThrow(
      /need REDIS_URL and KAFKA_BROKERS/,
    );
    expect(() =>
      workerCount(loadConfig({ REDIS_URL: shared.REDIS_URL, REDIRECTOR_WORKERS: "auto" }), 2),
    ).toThrow(/REDIRECTOR_WORKERS/);
    expect(() => loadConfig({ REDIRECTOR_WORKERS: "0" })).toThrow(/REDIRECTOR_WORKERS/);
    expect(() => loadConfig({ REDIRECTOR_WORKERS: "many" })).toThrow(/REDIRECTOR_WORKERS/);
  });
});
