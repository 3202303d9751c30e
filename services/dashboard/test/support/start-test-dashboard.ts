import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { type CacheConnection, createCache } from "@kurz/cache";
import { TestClock } from "@kurz/clock";
import { createLogger } from "@kurz/logger";
import { type App, buildApp } from "../../src/app";
import { type DashboardConfig, loadConfig } from "../../src/config";
import {
  createSessionStore,
  type DashboardSession,
  type SessionStore,
} from "../../src/session/session-store";

export interface TestDashboard {
  app: App;
  config: DashboardConfig;
  clock: TestClock;
  cache: CacheConnection;
  /** The store the app reads its sessions from (the same cache, the same settings). */
  sessions: SessionStore;
  /** A session as a sign-in would create it: its cookie's value. */
  signIn(overrides?: Partial<DashboardSession>): Promise<string>;
  close(): Promise<void>;
}

/**
 * The dashboard's app alone (no auth-server: sessions are created in its store directly) over an
 * in-memory cache on a TestClock, as embedded runs it, with a stub web app.
 */
export async function startTestDashboard(env: Record<string, string> = {}): Promise<TestDashboard> {
  const clock = new TestClock();
  const webDir = mkdtempSync(path.join(tmpdir(), "kurz-dashboard-web-"));
  writeFileSync(path.join(webDir, "index.html"), "<!doctype html><title>Kurz</title>");
  const config = loadConfig({ LOG_LEVEL: "silent", DASHBOARD_WEB_DIR: webDir, ...env });
  const cache = createCache({ clock });
  const logger = createLogger({ service: "dashboard", level: "silent" });
  const app = await buildApp({
    config,
    logger,
    clock,
    readiness: [],
    cache: cache.cache,
    locks: cache.locks,
    rateLimiter: cache.rateLimiter,
  });
  await app.http.app.ready();
  const sessions = createSessionStore(cache.cache, {
    idleMs: config.DASHBOARD_SESSION_IDLE_MS,
    maxMs: config.DASHBOARD_SESSION_MAX_MS,
    clock,
  });
  return {
    app,
    config,
    clock,
    cache,
    sessions,
    signIn(overrides = {}) {
      const now = clock.now().getTime();
      return sessions.create({
        accessToken: "eyJ.test-access-token.sig",
        refreshToken: "kurz_rt_test",
        accessExpiresAt: now + 3_600_000,
        scope: "shorturl:read",
        csrfToken: "c".repeat(43),
        createdAt: now,
        ...overrides,
      });
    },
    async close() {
      await app.http.app.close();
      await cache.close();
    },
  };
}
