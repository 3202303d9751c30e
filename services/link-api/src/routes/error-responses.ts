// The REST error body and its documented responses are shared by every service's routes: one
// `Error` component in the merged OpenAPI document.
export { errorBodySchema, errorResponses } from "@kurz/openapi";
