import { v7 as uuidv7 } from "uuid";

/** Click ids are UUIDv7: unique, and time-ordered so ClickHouse can bound lookups by time. */
export function newClickId(): string {
  return uuidv7();
}
