export { csvCell, csvRecord } from "./csv-record";
