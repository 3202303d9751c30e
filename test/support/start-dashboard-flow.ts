import { fileURLToPath } from "node:url";
import { startDashboardBrowser } from "@kurz/testing";
import { chromium, type Page } from "playwright-core";
import { type FlowKurz, startFlowKurz } from "./start-flow-kurz";

/** Where the dashboard's browser tests leave their screenshots (CI keeps the directory). */
const ARTIFACTS = fileURLToPath(new URL("../artifacts/dashboard/", import.meta.url));

export interface DashboardFlow {
  flow: FlowKurz;
  page: Page;
  /** Closes the browser, then stops Kurz. */
  stop(): Promise<void>;
}

/** A flow test's Kurz (startFlowKurz's `name` and `env`) and a Chromium page on it. */
export async function startDashboardFlow(
  name: string,
  env: Record<string, string> = {},
  options: { viewport?: { width: number; height: number } } = {},
): Promise<DashboardFlow> {
  const started = await startDashboardBrowser({
    artifacts: ARTIFACTS,
    chromium,
    startKurz: () => startFlowKurz(name, env),
    viewport: options.viewport,
  });
  return { flow: started.kurz, page: started.page, stop: started.stop };
}
