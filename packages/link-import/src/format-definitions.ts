import type { FormatDefinition } from "./format-definition";
import { bitly } from "./formats/bitly";
import { dub } from "./formats/dub";
import { generic } from "./formats/generic";
import { kutt } from "./formats/kutt";
import { rebrandly } from "./formats/rebrandly";
import { shlink } from "./formats/shlink";
import { shortio } from "./formats/shortio";
import { yourls } from "./formats/yourls";
import type { ImportFormat } from "./import-format";

/** Every format's definition by name: the one place parsing and detection look them up. */
export const FORMAT_DEFINITIONS: Readonly<Record<ImportFormat, FormatDefinition>> = {
  bitly,
  dub,
  shortio,
  shlink,
  yourls,
  kutt,
  rebrandly,
  generic,
};
