import { mkdirSync } from "node:fs";
import { chromiumExecutable } from "./chromium";
import { WAIT_FOR_DEFAULT_TIMEOUT_MS } from "./wait-for";

/** What this helper needs of a running Kurz (the flow tests' embedded run). */
export interface StoppableKurz {
  stop(): Promise<void>;
}

interface PageOptions {
  viewport: { width: number; height: number };
  acceptDownloads: boolean;
}

/**
 * What this helper needs of playwright-core's `chromium` and its `Browser` and `Page` (this
 * package does not depend on playwright; the tests that drive Chromium pass theirs).
 */
interface Launcher<B> {
  launch(options: { executablePath: string; args: string[] }): Promise<B>;
}
interface LaunchedBrowser {
  newPage(options: PageOptions): Promise<{ setDefaultTimeout(ms: number): void }>;
  close(): Promise<void>;
}
type PageOf<B> = B extends { newPage(options: PageOptions): Promise<infer P> } ? P : never;

export interface DashboardBrowserOptions<K> {
  /** Starts the Kurz the page talks to. */
  startKurz: () => Promise<K>;
  /** playwright-core's `chromium`. */
  chromium: Launcher<LaunchedBrowser>;
  /** The test's artifacts directory (screenshots), made here. */
  artifacts: string;
  /** The window; 1280 × 800 unless said. */
  viewport?: { width: number; height: number };
}

export interface DashboardBrowser<K, P> {
  kurz: K;
  page: P;
  /** Closes the browser, then stops Kurz. */
  stop(): Promise<void>;
}

/**
 * A Kurz and a Chromium page on it, for a dashboard browser test: what every such test's
 * `beforeAll` does. Chromium must be available (`chromiumExecutable()`; the tests skip otherwise).
 */
export async function startDashboardBrowser<K extends StoppableKurz, B extends LaunchedBrowser>(
  options: Omit<DashboardBrowserOptions<K>, "chromium"> & { chromium: Launcher<B> },
): Promise<DashboardBrowser<K, PageOf<B>>> {
  const executable = chromiumExecutable();
  mkdirSync(options.artifacts, { recursive: true });
  const kurz = await options.startKurz();
  let browser: B | undefined;
  try {
    browser = await options.chromium.launch({
      executablePath: executable.available ? executable.value : "",
      // The CI container runs as root, where Chromium's sandbox cannot start.
      args: ["--no-sandbox"],
    });
    const page = (await browser.newPage({
      viewport: options.viewport ?? { width: 1280, height: 800 },
      // Exports and QR images are downloads the tests read.
      acceptDownloads: true,
    })) as PageOf<B>;
    // A step that does not come fails on its own line, well before the test's own timeout.
    page.setDefaultTimeout(WAIT_FOR_DEFAULT_TIMEOUT_MS);
    const started = browser;
    return {
      kurz,
      page,
      stop: async () => {
        await started.close();
        await kurz.stop();
      },
    };
  } catch (error) {
    await browser?.close();
    await kurz.stop();
    throw error;
  }
}
