import { createReadStream } from "node:fs";
import { fileURLToPath } from "node:url";
import { type ImportFormat, type ImportRecord, parseImport } from "../../src";

/** The path of a fixture beside the tests. */
export function fixturePath(name: string): string {
  return fileURLToPath(new URL(`../fixtures/${name}`, import.meta.url));
}

/** Every record of an import, read to the end. */
export async function collectRecords(records: AsyncIterable<ImportRecord>): Promise<ImportRecord[]> {
  const collected: ImportRecord[] = [];
  for await (const record of records) collected.push(record);
  return collected;
}

/** A fixture parsed as the given format, read as a file stream in small chunks (chunk seams hit multi-byte characters). */
export function parseFixture(name: string, format: ImportFormat): Promise<ImportRecord[]> {
  return collectRecords(parseImport(createReadStream(fixturePath(name), { highWaterMark: 7 }), { format }));
}
