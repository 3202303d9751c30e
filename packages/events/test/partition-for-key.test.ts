import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import { partitionForKey } from "../src";

// kafkajs' own murmur2 (Long arithmetic), the reference our Math.imul version must match.
const require = createRequire(import.meta.url);
const kafkajsMurmur2 = require("kafkajs/src/producer/partitioners/default/murmur2") as (
  key: string,
) => number;

describe("partitionForKey", () => {
  it("puts every key on the partition Kafka's default partitioner picks", () => {
    const keys = ["", "a", "ab", "abc", "abcd", "link_01J9Z3", "account-42", "ü-ñ-日本", "x".repeat(37)];
    for (let i = 0; i < 200; i++) keys.push(`key-${i}-${(i * 7919).toString(36)}`);
    for (const key of keys) {
      for (const partitions of [1, 3, 12]) {
        expect(partitionForKey(key, partitions), key).toBe((kafkajsMurmur2(key) & 0x7fffffff) % partitions);
      }
    }
  });
});
