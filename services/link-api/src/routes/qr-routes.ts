import type { FastifyInstance } from "fastify";
import type { ApiDependencies } from "./api-dependencies";

export function registerQrRoutes(_app: FastifyInstance, _deps: ApiDependencies): void {}
