export { anyInCauses } from "./any-in-causes";
export { type CreateDatabaseOptions, createDatabase } from "./create-database";
export type {
  Database,
  DatabaseConnection,
  DatabaseKind,
  MigrationResult,
  RowsQueryResultHKT,
  RowsResult,
} from "./database-connection";
export { databaseUrl, ensureDatabase } from "./ensure-database";
export { RootHandleInTransactionError } from "./guard-root-handle";
export { isUniqueViolation } from "./is-unique-violation";
export { isDatabaseUnavailable, mapDatabaseError } from "./map-database-error";
export { mapDatabaseErrors } from "./map-database-errors";
export { applyMigrations } from "./migrations/apply-migrations";
