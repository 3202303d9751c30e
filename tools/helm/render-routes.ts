/**
 * Writes charts/kurz/files/routes.json from @kurz/routes, the one route table: the chart's Ingress
 * and HTTPRoute templates read it, so the chart never lists public paths or ports by hand.
 *
 *   pnpm exec tsx tools/helm/render-routes.ts           write the file
 *   pnpm exec tsx tools/helm/render-routes.ts --check   exit 1 when the committed file is stale
 */
import { readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { DEFAULT_SERVICE, ROUTE_TABLE, SERVICES } from "@kurz/routes";
import { sortRoutes } from "./sort-routes";

const ROUTES_JSON = fileURLToPath(new URL("../../charts/kurz/files/routes.json", import.meta.url));

function renderRoutesJson(): string {
  const routes = sortRoutes(ROUTE_TABLE);
  const document = {
    "@generated": "by tools/helm/render-routes.ts from packages/routes; do not edit, run it instead",
    defaultService: DEFAULT_SERVICE,
    routes: routes.map(({ prefix, service }) => ({ prefix, service })),
    services: SERVICES,
  };
  return `${JSON.stringify(document, null, 2)}\n`;
}

function readCommitted(): string | undefined {
  try {
    return readFileSync(ROUTES_JSON, "utf8");
  } catch {
    return undefined;
  }
}

function main(): void {
  const fresh = renderRoutesJson();
  if (process.argv.includes("--check")) {
    if (readCommitted() !== fresh) {
      console.error(
        `${ROUTES_JSON} is stale: the route table changed. Run: pnpm exec tsx tools/helm/render-routes.ts`,
      );
      process.exit(1);
    }
    return;
  }
  writeFileSync(ROUTES_JSON, fresh);
}

main();
