import type { WebhookDatabase } from "../../src/db/webhook-database";

export interface DatabaseOutage {
  /** The database as callers see it: its statements refused while the outage lasts. */
  db: WebhookDatabase;
  /** Starts refusing: the next `statements` statements fail as an unreachable server's do. */
  begin(statements: number): void;
  /** Statements refused so far. */
  readonly refused: number;
}

/**
 * A database that stops answering for a number of statements, as a restarting PostgreSQL does:
 * each statement fails with node-postgres's connection error, then the real database answers
 * again. Wraps `execute`, the call attempt records go through (claims, made in a transaction,
 * still answer: the outage a test stages falls between an attempt's answer and its record).
 */
export function databaseOutage(real: WebhookDatabase): DatabaseOutage {
  let left = 0;
  let refused = 0;
  const db = new Proxy(real, {
    get(target, property) {
      if (property === "execute") {
        return (...args: Parameters<WebhookDatabase["execute"]>) => {
          if (left > 0) {
            left--;
            refused++;
            return Promise.reject(
              Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" }),
            );
          }
          return target.execute(...args);
        };
      }
      const value = Reflect.get(target, property, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
  return {
    db,
    begin(statements) {
      left = statements;
    },
    get refused() {
      return refused;
    },
  };
}
