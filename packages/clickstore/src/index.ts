export type {
  ClickStore,
  ClickStoreClient,
  ClickStoreOptions,
  InsertBatch,
  MigrationResult,
} from "./click-store";
export { createClickStore, DEFAULT_CHDB_LANES } from "./create-click-store";
export { splitSqlStatements } from "./split-sql-statements";
export { toClickStoreError } from "./to-click-store-error";
