/** Bounds of a link's rules: they are held in memory by every redirector and run per visit. */
export const MAX_RULES = 20;
export const MAX_CONDITIONS = 10;
export const MAX_VALUES = 50;
export const MAX_RULE_ID_LENGTH = 64;
export const MAX_RULE_NAME_LENGTH = 100;
export const MAX_CITY_LENGTH = 100;
export const MAX_QUERY_NAME_LENGTH = 128;
export const MAX_QUERY_VALUE_LENGTH = 1024;
export const MAX_HOST_LENGTH = 253;
