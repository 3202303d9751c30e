import net from "node:net";
import { describe, expect, it } from "vitest";
import { freePort } from "../src/free-port";

describe("freePort", () => {
  it("hands out distinct ports below the ephemeral range, each one bindable", async () => {
    const ports = await Promise.all(Array.from({ length: 20 }, () => freePort()));
    expect(new Set(ports).size).toBe(ports.length);
    for (const port of ports) {
      expect(port).toBeGreaterThanOrEqual(20_000);
      expect(port).toBeLessThan(32_000);
    }
    const server = net.createServer();
    await new Promise<void>((resolve) => server.listen(ports[0], "127.0.0.1", resolve));
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });
});
