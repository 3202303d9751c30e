import type { FastifySchemaCompiler, FastifySerializerCompiler } from "fastify";

/**
 * Route options for a route whose schema documents what its handler checks itself, with the same
 * zod schema, because the route answers in a body of its own (OAuth `{ error,
 * error_description }`) or with messages its clients rely on. Without these, fastify would
 * validate and serialize with the schema and answer differently.
 */
export const documentationOnly: {
  validatorCompiler: FastifySchemaCompiler<unknown>;
  serializerCompiler: FastifySerializerCompiler<unknown>;
} = {
  validatorCompiler: () => (value) => ({ value }),
  serializerCompiler: () => (data) => JSON.stringify(data),
};
