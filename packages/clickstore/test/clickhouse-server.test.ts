import net from "node:net";
import { clickhouseBackend } from "@kurz/testing";
import { describe, expect, it } from "vitest";
import { createClickStore } from "../src/index";
import { describeClickStoreContract, FIXTURE_MIGRATIONS } from "./describe-click-store-contract";

// Optional second target: a real server when KURZ_TEST_CLICKHOUSE_URL is set. Skipped otherwise,
// in CI too, because chDB (chdb.test.ts) is the engine the contract must pass on everywhere.
const server = await clickhouseBackend();
describeClickStoreContract(
  "ClickHouse server",
  (database) => createClickStore({ url: server.available ? server.value.url : "", database }),
  { skip: !server.available },
);

/** A loopback port nothing listens on: bound, then released. */
async function closedPort(): Promise<number> {
  const listener = net.createServer();
  await new Promise<void>((resolve) => listener.listen(0, "127.0.0.1", resolve));
  const { port } = listener.address() as net.AddressInfo;
  await new Promise((resolve) => listener.close(resolve));
  return port;
}

describe("ClickHouse server outage", () => {
  it("maps an unreachable server to DEPENDENCY_UNAVAILABLE and a false ping", async () => {
    const store = await createClickStore({ url: `http://127.0.0.1:${await closedPort()}` });
    try {
      expect(store.kind).toBe("clickhouse");
      expect(await store.ping()).toBe(false);
      await expect(store.client.query({ query: "SELECT 1" })).rejects.toMatchObject({
        code: "DEPENDENCY_UNAVAILABLE",
      });
      await expect(store.insert({ table: "t", rows: [{ a: 1 }], dedupToken: "b-1" })).rejects.toMatchObject({
        code: "DEPENDENCY_UNAVAILABLE",
      });
      await expect(store.migrate(FIXTURE_MIGRATIONS)).rejects.toMatchObject({
        code: "DEPENDENCY_UNAVAILABLE",
      });
    } finally {
      await store.close();
    }
  });
});
