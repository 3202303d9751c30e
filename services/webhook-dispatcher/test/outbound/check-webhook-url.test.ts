import type { LookupAddress } from "node:dns";
import { AppError } from "@kurz/errors";
import { parseAllowedTargets, type Resolver } from "@kurz/ssrf";
import { describe, expect, it } from "vitest";
import { checkWebhookUrl } from "../../src/outbound/check-webhook-url";

const noTargets = parseAllowedTargets("");
const localTargets = parseAllowedTargets("127.0.0.1/32,::1/128");

/** DNS as a test wants it: every name answers `answers`; `calls` records what was asked. */
function resolverAnswering(...answers: string[]): Resolver & { calls: string[] } {
  const calls: string[] = [];
  const resolver = async (hostname: string): Promise<LookupAddress[]> => {
    calls.push(hostname);
    return answers.map((address) => ({ address, family: address.includes(":") ? 6 : 4 }));
  };
  return Object.assign(resolver, { calls });
}

async function refusal(promise: Promise<string>): Promise<AppError> {
  const error = await promise.then(
    (url) => {
      throw new Error(`accepted as ${url}`);
    },
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(AppError);
  const appError = error as AppError;
  expect(appError.code).toBe("VALIDATION_ERROR");
  expect(appError.details?.field).toBe("url");
  expect(appError.hint).toBeTruthy();
  return appError;
}

describe("checking a webhook endpoint URL", () => {
  it("accepts an https URL whose name resolves to public addresses, and answers it normalised", async () => {
    const resolver = resolverAnswering("93.184.215.14", "2606:2800:21f:cb07:6820:80da:af6b:8b2c");
    await expect(
      checkWebhookUrl("HTTPS://Hooks.Example.COM:443/kurz/../events?src=kurz#section", {
        allowedTargets: noTargets,
        resolver,
      }),
    ).resolves.toBe("https://hooks.example.com/events?src=kurz");
    expect(resolver.calls).toEqual(["hooks.example.com"]);
  });

  it.each([
    ["http://2130706433/", "loopback"],
    ["http://0x7f.1/", "loopback"],
    ["http://0177.0.0.1/", "loopback"],
    ["https://2130706433/", "loopback"],
    ["http://[::ffff:127.0.0.1]/", "loopback"],
    ["http://0.0.0.0/", "unspecified"],
    ["https://[::]/", "unspecified"],
    ["https://169.254.169.254/latest/meta-data/", "cloud_metadata"],
    ["https://[fd00:ec2::254]/", "cloud_metadata"],
    ["https://10.0.0.1/hooks", "private_network"],
    ["https://[fe80::1]/", "link_local"],
    ["https://192.0.2.10/", "reserved"],
  ])("refuses %s as %s, without asking DNS", async (url, reason) => {
    const resolver = resolverAnswering("93.184.215.14");
    const error = await refusal(checkWebhookUrl(url, { allowedTargets: noTargets, resolver }));
    expect(error.details?.reason).toBe(reason);
    expect(resolver.calls).toEqual([]);
  });

  it.each([
    ["https://localhost:8443/hooks", "loopback"],
    ["https://db.internal/hooks", "internal_name"],
    ["https://printer.local/", "internal_name"],
    ["https://metadata.google.internal/computeMetadata/v1/", "cloud_metadata"],
  ])("refuses the internal name in %s as %s, without asking DNS", async (url, reason) => {
    const resolver = resolverAnswering("93.184.215.14");
    const error = await refusal(checkWebhookUrl(url, { allowedTargets: noTargets, resolver }));
    expect(error.details?.reason).toBe(reason);
    expect(resolver.calls).toEqual([]);
  });

  it("refuses a name when any of its addresses is private, without telling which address", async () => {
    const error = await refusal(
      checkWebhookUrl("https://hooks.example.com/", {
        allowedTargets: noTargets,
        resolver: resolverAnswering("93.184.215.14", "10.20.30.40"),
      }),
    );
    expect(error.details?.reason).toBe("private_network");
    expect(error.message).toContain("hooks.example.com");
    expect(error.message).not.toContain("10.20.30.40");
  });

  it("refuses plain http to a public host, and to anything while no allowed targets are set", async () => {
    const publicName = await refusal(
      checkWebhookUrl("http://hooks.example.com/", {
        allowedTargets: localTargets,
        resolver: resolverAnswering("93.184.215.14"),
      }),
    );
    expect(publicName.details?.reason).toBe("https_required");
    const resolver = resolverAnswering("93.184.215.14");
    const untargeted = await refusal(
      checkWebhookUrl("http://hooks.example.com/", { allowedTargets: noTargets, resolver }),
    );
    expect(untargeted.details?.reason).toBe("https_required");
    expect(resolver.calls).toEqual([]);
    const publicLiteral = await refusal(
      checkWebhookUrl("http://93.184.215.14/", { allowedTargets: localTargets }),
    );
    expect(publicLiteral.details?.reason).toBe("https_required");
  });

  it("accepts plain http to the allowed targets, by literal in any notation or by a name resolving only there", async () => {
    await expect(
      checkWebhookUrl("http://127.0.0.1:4000/hook", { allowedTargets: localTargets }),
    ).resolves.toBe("http://127.0.0.1:4000/hook");
    await expect(
      checkWebhookUrl("http://2130706433:4000/hook", { allowedTargets: localTargets }),
    ).resolves.toBe("http://127.0.0.1:4000/hook");
    await expect(
      checkWebhookUrl("http://localhost:4000/hook", {
        allowedTargets: localTargets,
        resolver: resolverAnswering("127.0.0.1", "::1"),
      }),
    ).resolves.toBe("http://localhost:4000/hook");
    const partly = await refusal(
      checkWebhookUrl("http://localhost:4000/hook", {
        allowedTargets: parseAllowedTargets("127.0.0.1/32"),
        resolver: resolverAnswering("127.0.0.1", "::1"),
      }),
    );
    expect(partly.details?.reason).toBe("loopback");
  });

  it.each([
    ["not a url", "invalid_url"],
    ["/relative/path", "invalid_url"],
    ["ftp://hooks.example.com/", "unsupported_scheme"],
    ["javascript:alert(1)", "unsupported_scheme"],
    ["https://user:secret@hooks.example.com/", "credentials_in_url"],
    ["https://token@hooks.example.com/", "credentials_in_url"],
    [`https://hooks.example.com/${"a".repeat(2_030)}`, "too_long"],
  ])("refuses %s as %s", async (url, reason) => {
    const error = await refusal(
      checkWebhookUrl(url, { allowedTargets: noTargets, resolver: resolverAnswering("93.184.215.14") }),
    );
    expect(error.details?.reason).toBe(reason);
  });

  it("accepts a URL of exactly 2048 characters", async () => {
    const url = `https://hooks.example.com/${"a".repeat(2_048 - "https://hooks.example.com/".length)}`;
    await expect(
      checkWebhookUrl(url, { allowedTargets: noTargets, resolver: resolverAnswering("93.184.215.14") }),
    ).resolves.toBe(url);
  });

  it("refuses a name that does not resolve, and reports a failing resolver as unavailable", async () => {
    const missing = await refusal(
      checkWebhookUrl("https://nowhere.example.com/", {
        allowedTargets: noTargets,
        resolver: async () => {
          throw Object.assign(new Error("getaddrinfo ENOTFOUND nowhere.example.com"), { code: "ENOTFOUND" });
        },
      }),
    );
    expect(missing.details?.reason).toBe("host_not_found");
    await expect(
      checkWebhookUrl("https://flaky.example.com/", {
        allowedTargets: noTargets,
        resolver: async () => {
          throw Object.assign(new Error("getaddrinfo EAI_AGAIN flaky.example.com"), { code: "EAI_AGAIN" });
        },
      }),
    ).rejects.toMatchObject({ code: "DEPENDENCY_UNAVAILABLE", retryable: true });
  });

  it("gives up on a resolver that never answers, as a retryable failure, within its bound", async () => {
    // Unbounded, this would wait for ever (the test's own timeout would fail it).
    await expect(
      checkWebhookUrl("https://stalling.example.com/hooks", {
        allowedTargets: noTargets,
        resolver: () => new Promise(() => undefined),
        resolveTimeoutMs: 50,
      }),
    ).rejects.toMatchObject({ code: "DEPENDENCY_UNAVAILABLE", retryable: true });
  });
});
