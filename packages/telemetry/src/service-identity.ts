import { existsSync, readFileSync } from "node:fs";
import path from "node:path";

export interface ServiceIdentity {
  /** `@kurz/link-api` → `link-api`. */
  name: string;
  version: string | undefined;
}

/**
 * The service a process runs, from the package.json nearest to its entry file: every service,
 * app and image has one (services/link-api/package.json in the workspace, /app/package.json in
 * an image made by `pnpm deploy`). Undefined when there is none.
 */
export function serviceIdentity(entry: string | undefined = process.argv[1]): ServiceIdentity | undefined {
  if (!entry) return undefined;
  let directory = path.dirname(path.resolve(entry));
  for (;;) {
    const file = path.join(directory, "package.json");
    if (existsSync(file)) {
      try {
        const manifest = JSON.parse(readFileSync(file, "utf8")) as { name?: unknown; version?: unknown };
        if (typeof manifest.name === "string" && manifest.name !== "") {
          return {
            name: manifest.name.replace(/^@[^/]+\//, ""),
            version: typeof manifest.version === "string" ? manifest.version : undefined,
          };
        }
      } catch {
        return undefined;
      }
    }
    const parent = path.dirname(directory);
    if (parent === directory) return undefined;
    directory = parent;
  }
}
