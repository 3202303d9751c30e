import type { CacheStore, Locks } from "@kurz/cache";
import type { Clock } from "@kurz/clock";
import type { Logger } from "@kurz/logger";
import type { DashboardConfig } from "./config";
import type { DashboardOAuthClient } from "./oauth/dashboard-oauth-client";
import type { PendingLoginStore } from "./session/pending-login-store";
import type { CookieNames } from "./session/session-cookie";
import type { SessionStore } from "./session/session-store";

/** What the dashboard's routes share. */
export interface DashboardContext {
  config: DashboardConfig;
  logger: Logger;
  clock: Clock;
  cache: CacheStore;
  locks: Locks;
  sessions: SessionStore;
  /** Sign-ins under way: apart from the sessions, throttled per client address. */
  pendingLogins: PendingLoginStore;
  oauth: DashboardOAuthClient;
  cookies: CookieNames;
  /** Where the built web app is (index.html, assets/). */
  webDir: string;
}
