/**
 * Writes one entry of a zip archive to a file: helm.sh's fallback where `unzip` is not installed.
 *   node --import tsx extract-zip-entry.ts <archive.zip> <entry> <output>
 */
import { writeFileSync } from "node:fs";
import AdmZip from "adm-zip";

const [archive, entry, output] = process.argv.slice(2);
if (!archive || !entry || !output) {
  console.error("usage: extract-zip-entry.ts <archive.zip> <entry> <output>");
  process.exit(2);
}
const data = new AdmZip(archive).readFile(entry);
if (!data) {
  console.error(`${archive} has no entry ${entry}`);
  process.exit(1);
}
writeFileSync(output, data);
