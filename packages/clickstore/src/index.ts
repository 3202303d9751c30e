export type {
  ClickStore,
  ClickStoreClient,
  ClickStoreOptions,
  InsertBatch,
  MigrationResult,
} from "./click-store";
export { createClickStore } from "./create-click-store";
export { splitSqlStatements } from "./split-sql-statements";
export { toClickStoreError } from "./to-click-store-error";
