import type { LookupAddress, LookupOptions } from "node:dns";
import { connect, createServer, type LookupFunction, type Server } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BlockedAddressError, createGuardedLookup, parseAllowedTargets, type Resolver } from "../src";

const noTargets = parseAllowedTargets("");

/** A DNS server under the attacker's control: each call answers the next of `answers`. */
function scriptedResolver(...answers: Array<readonly LookupAddress[]>): Resolver & { calls: string[] } {
  const calls: string[] = [];
  const resolver = async (hostname: string) => {
    calls.push(hostname);
    return answers[Math.min(calls.length, answers.length) - 1] ?? [];
  };
  return Object.assign(resolver, { calls });
}

const v4 = (address: string): LookupAddress => ({ address, family: 4 });
const v6 = (address: string): LookupAddress => ({ address, family: 6 });

function lookupVia(lookup: LookupFunction, hostname: string, options: LookupOptions = { all: true }) {
  return new Promise<{ address: string | LookupAddress[]; family: number | undefined }>((resolve, reject) =>
    lookup(hostname, options, (error, address, family) =>
      error ? reject(error) : resolve({ address, family }),
    ),
  );
}

describe("the guarded lookup", () => {
  it("vets every resolution on its own: a name that rebinds to 127.0.0.1 on the second call is refused", async () => {
    const resolver = scriptedResolver([v4("93.184.215.14")], [v4("127.0.0.1")]);
    const lookup = createGuardedLookup({ allowedTargets: noTargets, resolver });

    await expect(lookupVia(lookup, "hooks.example.com")).resolves.toEqual({
      address: [v4("93.184.215.14")],
      family: undefined,
    });
    const second = await lookupVia(lookup, "hooks.example.com").catch((error: unknown) => error);
    expect(second).toBeInstanceOf(BlockedAddressError);
    expect(second).toMatchObject({ reason: "loopback", address: "127.0.0.1", hostname: "hooks.example.com" });
    expect(resolver.calls).toEqual(["hooks.example.com", "hooks.example.com"]);
  });

  it("keeps only the public addresses of a mixed answer, in the resolver's order", async () => {
    const resolver = scriptedResolver([
      v4("127.0.0.1"),
      v4("93.184.215.14"),
      v6("::1"),
      v4("10.0.0.5"),
      v6("2606:2800:21f:cb07:6820:80da:af6b:8b2c"),
      v4("169.254.169.254"),
    ]);
    const lookup = createGuardedLookup({ allowedTargets: noTargets, resolver });

    await expect(lookupVia(lookup, "mixed.example.com")).resolves.toMatchObject({
      address: [v4("93.184.215.14"), v6("2606:2800:21f:cb07:6820:80da:af6b:8b2c")],
    });
    // Without `all`, the one address a socket would use: the first vetted one, never 127.0.0.1.
    await expect(lookupVia(lookup, "mixed.example.com", {})).resolves.toEqual({
      address: "93.184.215.14",
      family: 4,
    });
    await expect(lookupVia(lookup, "mixed.example.com", { all: true, family: 6 })).resolves.toMatchObject({
      address: [v6("2606:2800:21f:cb07:6820:80da:af6b:8b2c")],
    });
  });

  it("fails with the refusal reason when every answer is refused", async () => {
    const resolver = scriptedResolver([v4("10.0.0.1"), v4("192.168.0.1")]);
    const lookup = createGuardedLookup({ allowedTargets: noTargets, resolver });
    const error = await lookupVia(lookup, "intranet.example.com").catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(BlockedAddressError);
    expect(error).toMatchObject({ reason: "private_network", address: "10.0.0.1" });
    expect((error as Error).message).toContain(
      "intranet.example.com resolves to 10.0.0.1, a private network",
    );
  });

  it.each([
    ["::ffff:127.0.0.1", "loopback"],
    ["0.0.0.0", "unspecified"],
    ["[::]", "unspecified"],
    ["169.254.169.254", "cloud_metadata"],
    ["fd00:ec2::254", "cloud_metadata"],
  ])("refuses the literal %s (%s) without asking DNS", async (literal, reason) => {
    const resolver = scriptedResolver();
    const lookup = createGuardedLookup({ allowedTargets: noTargets, resolver });
    await expect(lookupVia(lookup, literal)).rejects.toMatchObject({ name: "BlockedAddressError", reason });
    expect(resolver.calls).toEqual([]);
  });

  it("answers a listed allowed target, and a public literal, as they are", async () => {
    const resolver = scriptedResolver([v4("127.0.0.1"), v6("::1")]);
    const lookup = createGuardedLookup({ allowedTargets: parseAllowedTargets("127.0.0.1/32"), resolver });
    await expect(lookupVia(lookup, "localhost")).resolves.toMatchObject({ address: [v4("127.0.0.1")] });
    await expect(lookupVia(lookup, "8.8.8.8", {})).resolves.toEqual({ address: "8.8.8.8", family: 4 });
  });

  it("reports a name without addresses as not found, and passes resolver errors on", async () => {
    const empty = createGuardedLookup({ allowedTargets: noTargets, resolver: scriptedResolver([]) });
    await expect(lookupVia(empty, "nothing.example.com")).rejects.toMatchObject({ code: "ENOTFOUND" });
    const failing = createGuardedLookup({
      allowedTargets: noTargets,
      resolver: async () => {
        throw Object.assign(new Error("queryA EAI_AGAIN"), { code: "EAI_AGAIN" });
      },
    });
    await expect(lookupVia(failing, "flaky.example.com")).rejects.toMatchObject({ code: "EAI_AGAIN" });
  });
});

describe("a socket connecting through the guarded lookup", () => {
  let server: Server;
  let port: number;
  let connections = 0;

  beforeAll(async () => {
    server = createServer((socket) => {
      connections += 1;
      socket.end("hello");
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    port = (server.address() as { port: number }).port;
  });

  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
  });

  function dial(lookup: LookupFunction) {
    return new Promise<string>((resolve, reject) => {
      const socket = connect({ host: "hooks.example.com", port, lookup });
      let received = "";
      socket.on("data", (chunk) => {
        received += chunk;
      });
      socket.on("end", () => resolve(received));
      socket.on("error", reject);
    });
  }

  it("reaches a local server only when 127.0.0.1 is an allowed target, and never connects otherwise", async () => {
    const before = connections;
    const blocked = createGuardedLookup({
      allowedTargets: noTargets,
      resolver: scriptedResolver([v4("127.0.0.1")]),
    });
    await expect(dial(blocked)).rejects.toMatchObject({ name: "BlockedAddressError", reason: "loopback" });
    expect(connections).toBe(before);

    const allowed = createGuardedLookup({
      allowedTargets: parseAllowedTargets("127.0.0.1/32"),
      resolver: scriptedResolver([v4("127.0.0.1")]),
    });
    await expect(dial(allowed)).resolves.toBe("hello");
    expect(connections).toBe(before + 1);
  });
});
