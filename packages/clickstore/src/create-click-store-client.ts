import type { ClickHouseClient } from "@clickhouse/client";
import type { ClickStoreClient } from "./click-store";
import { withClickStoreErrors } from "./to-click-store-error";

/** The client's own methods with outages mapped to AppError (see to-click-store-error.ts). */
export function createClickStoreClient(client: ClickHouseClient): ClickStoreClient {
  return {
    query: ((params) => withClickStoreErrors(() => client.query(params))) as ClickHouseClient["query"],
    insert: (params) => withClickStoreErrors(() => client.insert(params)),
    command: (params) => withClickStoreErrors(() => client.command(params)),
    exec: (params) => withClickStoreErrors(() => client.exec(params)),
  };
}
