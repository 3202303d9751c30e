// The form browser lives in @kurz/testing: the cross-service flows (test/) drive the same pages.
export { Browser, hiddenFields, type PageResponse, unescapeHtml } from "@kurz/testing";
