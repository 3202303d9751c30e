import { AsyncLocalStorage } from "node:async_hooks";
import { anyInCauses } from "./any-in-causes";

/**
 * Thrown when code inside `db.transaction(fn)` queries through the root `db` handle (or opens a
 * second root transaction) instead of using `tx`. On PGlite — one connection — that query waits
 * for the transaction, which waits for the query: the process hangs. On a PostgreSQL pool it
 * only works because a second connection happens to be free, and it runs outside the
 * transaction's atomicity. Both adapters refuse it, so the PostgreSQL tests cannot hide it.
 */
export class RootHandleInTransactionError extends Error {
  constructor(operation: string) {
    super(
      `${operation} ran on the root database handle while a transaction of the same call is open. ` +
        "Inside db.transaction(async (tx) => ...) use tx for every query, or run the query before " +
        "or after the transaction (embedded PGlite has one connection: this would deadlock).",
    );
    this.name = "RootHandleInTransactionError";
  }
}

function findGuardError(error: unknown): RootHandleInTransactionError | undefined {
  let found: RootHandleInTransactionError | undefined;
  anyInCauses(error, (candidate) => {
    if (candidate instanceof RootHandleInTransactionError) found = candidate;
    return found !== undefined;
  });
  return found;
}

interface TransactionScope {
  /** False once the transaction has settled: work it started may go on using the root handle. */
  open: boolean;
}

/** What drizzle's root `db.transaction` looks like, minus its types. */
type TransactionMethod = (fn: (tx: unknown) => Promise<unknown>, config?: unknown) => Promise<unknown>;

/**
 * One guard per connection. `wrapClient` hands drizzle a view of the driver client whose root
 * entry points check the async context; `wrapTransactions` marks the context of every callback
 * of `db.transaction` for as long as that transaction is open.
 */
export function createRootHandleGuard() {
  const scopes = new AsyncLocalStorage<TransactionScope>();

  const assertOutsideTransaction = (operation: string) => {
    if (scopes.getStore()?.open) throw new RootHandleInTransactionError(operation);
  };

  return {
    assertOutsideTransaction,

    /**
     * A proxy of the driver client (PGlite instance or pg Pool) whose listed methods refuse to
     * run inside an open transaction's context. Every method is bound to the real client, so
     * the driver's own internal calls (and private fields) never see the proxy.
     */
    wrapClient<TClient extends object>(client: TClient, guarded: readonly string[]): TClient {
      const guardedNames = new Set(guarded);
      return new Proxy(client, {
        get(target, property) {
          const value = Reflect.get(target, property, target);
          if (typeof value !== "function") return value;
          if (typeof property === "string" && guardedNames.has(property)) {
            return (...args: unknown[]) => {
              assertOutsideTransaction(`${property}()`);
              return value.apply(target, args);
            };
          }
          return value.bind(target);
        },
      });
    },

    /** Replaces `db.transaction` so its callback runs in a marked async context. */
    wrapTransactions(db: { transaction: unknown }): void {
      const original = (db.transaction as TransactionMethod).bind(db);
      const transaction: TransactionMethod = (fn, config) => {
        assertOutsideTransaction("db.transaction()");
        return original(async (tx) => {
          const scope: TransactionScope = { open: true };
          try {
            return await scopes.run(scope, () => fn(tx));
          } catch (error) {
            // drizzle wraps whatever a query throws in DrizzleQueryError; the mistake is the news.
            throw findGuardError(error) ?? error;
          } finally {
            scope.open = false;
          }
        }, config);
      };
      db.transaction = transaction;
    },
  };
}
