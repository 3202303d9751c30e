import { z } from "zod";

/**
 * The field kinds every payload family shares, so an id or a time reads the same in every event.
 * Each takes the field's description; the nullable variants describe the field once, null included.
 *
 * Ids are checked as 8-4-4-4-12 hex only (no version or variant check): Kurz ids are UUIDv4,
 * v7 or v8, and a receiver validating with the published schema must not refuse a real one.
 */
export const idField = (description: string) => z.guid().describe(description);
export const nullableIdField = (description: string) => z.guid().nullable().describe(description);

/** Instants are UTC ISO 8601 with a Z, as `Date.prototype.toISOString` writes them. */
export const isoTimeField = (description: string) => z.iso.datetime().describe(description);
export const nullableIsoTimeField = (description: string) =>
  z.iso.datetime().nullable().describe(description);
