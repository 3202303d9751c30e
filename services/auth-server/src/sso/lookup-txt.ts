/** The TXT lookup of an SSO domain's verification: @kurz/service-runtime's, as link-api's domains. */
export { createTxtLookup, type LookupTxt, type TxtAnswer } from "@kurz/service-runtime";
