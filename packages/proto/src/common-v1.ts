// Barrel of the kurz.common.v1 package (one proto package, several files).
export * from "./gen/kurz/common/v1/limit_pb";
export * from "./gen/kurz/common/v1/page_pb";
