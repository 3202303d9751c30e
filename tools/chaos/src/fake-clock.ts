import { execFile } from "node:child_process";
import { existsSync, readdirSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";

/**
 * The services' wall clock, moved without touching the machine's: every service process runs
 * with Debian's libfaketime preloaded, reading its offset from one file of the cluster's data
 * directory. CLOCK_REALTIME (Date.now, new Date) moves; CLOCK_MONOTONIC (performance.now, timers)
 * does not, as with a real NTP step. The driver, the proxies and the broker keep the real clock.
 */
export type FakeClock =
  | {
      available: true;
      /** The environment of a service process. */
      env: Record<string, string>;
      /** Sets every service's offset from the real clock (libfaketime syntax: "+0", "+1h"). */
      jump(offset: string): void;
    }
  | { available: false; env: Record<string, string>; reason: string };

const LIBRARY = "faketime/libfaketime.so.1";
/** How far a probe's clock may be from the expected one (a slow start on a loaded machine). */
const PROBE_TOLERANCE_MS = 60_000;

/** libfaketime.so.1 of the Debian package: /usr/lib/<multiarch>/faketime/. */
function findLibfaketime(): string | undefined {
  const roots = ["/usr/lib", "/usr/local/lib"];
  for (const root of roots) {
    if (existsSync(path.join(root, LIBRARY))) return path.join(root, LIBRARY);
    let entries: string[] = [];
    try {
      entries = readdirSync(root);
    } catch {
      continue;
    }
    for (const entry of entries) {
      const candidate = path.join(root, entry, LIBRARY);
      if (existsSync(candidate)) return candidate;
    }
  }
  return undefined;
}

function fakeClockEnv(library: string, offsetFile: string): Record<string, string> {
  return {
    LD_PRELOAD: [library, process.env.LD_PRELOAD].filter(Boolean).join(":"),
    FAKETIME_TIMESTAMP_FILE: offsetFile,
    // Read the file at every clock call: a jump reaches every process at once.
    FAKETIME_NO_CACHE: "1",
    FAKETIME_DONT_FAKE_MONOTONIC: "1",
  };
}

/**
 * Finds libfaketime and proves it moves this Node's clock (a probe process on a +1h file) before
 * any service starts with it. When it cannot, the services run on the real clock and the reason
 * says why the clock fault is not run.
 */
export async function prepareFakeClock(dataDir: string): Promise<FakeClock> {
  const library = findLibfaketime();
  if (!library) {
    return {
      available: false,
      env: {},
      reason: "libfaketime not found (Debian packages faketime, libfaketime: scripts/install-system-deps.sh)",
    };
  }
  const probeFile = path.join(dataDir, "clock-probe");
  writeFileSync(probeFile, "+1h\n");
  const before = Date.now();
  let probed: number;
  try {
    const { stdout, stderr } = await promisify(execFile)(
      process.execPath,
      ["-e", "process.stdout.write(String(Date.now()))"],
      { env: { ...process.env, ...fakeClockEnv(library, probeFile) }, timeout: 30_000 },
    );
    if (/preload|error/i.test(stderr)) throw new Error(stderr.trim());
    probed = Number(stdout);
  } catch (error) {
    return {
      available: false,
      env: {},
      reason: `${library} cannot be loaded into node: ${(error as Error).message.split("\n")[0]}`,
    };
  }
  const offset = probed - before;
  if (!(Math.abs(offset - 3_600_000) < PROBE_TOLERANCE_MS)) {
    return {
      available: false,
      env: {},
      reason: `${library} loaded but did not move node's clock (+1h asked, ${Math.round(offset / 1000)} s seen)`,
    };
  }
  const offsetFile = path.join(dataDir, "clock-offset");
  // Written beside and renamed over: a service never reads a half-written file.
  const jump = (value: string) => {
    writeFileSync(`${offsetFile}.next`, `${value}\n`);
    renameSync(`${offsetFile}.next`, offsetFile);
  };
  jump("+0");
  return { available: true, env: fakeClockEnv(library, offsetFile), jump };
}
