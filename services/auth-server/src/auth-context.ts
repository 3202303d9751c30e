import type { CacheConnection } from "@kurz/cache";
import type { Logger } from "@kurz/logger";
import type { Database } from "@kurz/relational";
import type { Clock } from "./clock";
import type { AuthServerConfig } from "./config";
import type { SigningKeyStore } from "./keys/signing-key-store";
import type { Mailer } from "./mail/create-mailer";
import type { RevocationList } from "./oauth/revocation-list";
import type { CsrfProtection } from "./sessions/csrf-protection";
import type { ProviderHttp } from "./sso/create-provider-fetch";
import type { LookupTxt } from "./sso/lookup-txt";
import type { SsoSecretBox } from "./sso/sso-secret-box";

/** What every operation of auth-server may use; built once in server.ts (or a test). */
export interface AuthContext {
  config: AuthServerConfig;
  db: Database;
  cache: CacheConnection;
  clock: Clock;
  logger: Logger;
  signingKeys: SigningKeyStore;
  csrf: CsrfProtection;
  revocations: RevocationList;
  /** Sends e-mail when SMTP_URL is set; undefined: nothing is e-mailed. */
  mailer: Mailer | undefined;
  /** Publishes committed outbox events now rather than at the relay's next poll. */
  wakeOutbox(): void;
  /** What AdminService calls must present (see admin/admin-secret.ts); undefined: refuse all. */
  adminSecret: string | undefined;
  /** Single sign-on's outside world: sealed client secrets, DNS, the guarded provider HTTP. */
  sso: {
    secrets: SsoSecretBox;
    lookupTxt: LookupTxt;
    provider: ProviderHttp;
  };
}
