import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const SCRIPT = fileURLToPath(new URL("../web/scripts/generate-api-types.mjs", import.meta.url));

describe("the web app's API types", () => {
  it("are generated from the current OpenAPI document (make docs, then generate:api-types)", () => {
    const check = spawnSync(process.execPath, [SCRIPT, "--check"], { encoding: "utf8" });
    expect(check.stderr).toBe("");
    expect(check.status).toBe(0);
  });
});
