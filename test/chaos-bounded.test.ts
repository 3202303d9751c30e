import { BOUNDED_FAULTS, formatTable, type InvariantRow, runChaos, selectFaults } from "@kurz/chaos";
import { postgresBackend, redisBackend } from "@kurz/testing";
import { describe, expect, it } from "vitest";

const [postgres, redis] = await Promise.all([postgresBackend(), redisBackend()]);

// The broker is always the librdkafka mock (tools/kafka-mock): only it can be set down and up.
describe.skipIf(!postgres.available || !redis.available)(
  "the fault suite, bounded: distributed Kurz under load through a few short faults",
  () => {
    it("loses no acknowledged change, click, conversion or webhook, and visitors see no 5xx", async ({
      signal,
    }) => {
      if (!postgres.available || !redis.available) throw new Error("unreachable");
      const rows: InvariantRow[] = await runChaos({
        postgresUrl: postgres.value.adminUrl,
        redisUrl: redis.value.url,
        faults: selectFaults(BOUNDED_FAULTS),
        settleMs: 60_000,
        log: () => {},
        // vitest aborts it on the timeout: the cluster is stopped rather than left running.
        signal,
      });
      const table = formatTable(rows);
      const violated = rows.filter((row) => row.verdict === "VIOLATED");
      expect(violated, table).toEqual([]);
      // Every bounded fault ran and was checked.
      expect(new Set(rows.map((row) => row.fault))).toEqual(new Set(BOUNDED_FAULTS));
      expect(
        rows.every((row) => row.verdict !== "not run"),
        table,
      ).toBe(true);
      // Each phase split one link with a running A/B test and counted its exposures per variant.
      expect(
        rows.filter((row) => row.invariant === "A/B exposures per variant exact").map((row) => row.fault),
        table,
      ).toEqual(BOUNDED_FAULTS);
      // Long by design: eight processes started, then each fault injected, held and settled. It
      // takes about three minutes on two quiet cores and over five beside other work: the bound
      // is generous, the invariants decide.
    }, 600_000);
  },
);
