export {
  buildOpenApiFragment,
  type DescribedRoute,
  SECURITY_SCHEMES,
} from "./build-openapi-fragment";
export { documentationOnly } from "./documentation-only";
export { bearerSecurity, errorBodySchema, errorResponses } from "./error-responses";
export { inertDependencies } from "./inert-dependencies";
export { mergeOpenApiDocuments, type OpenApiFragment } from "./merge-openapi-documents";
