// @kurz/testing's waiting helper and port picker, taken by path: @kurz/testing depends on
// @kurz/grpc, so @kurz/grpc's tests cannot depend on it. Both files import nothing but node:*.
export { freePort } from "../../../testing/src/free-port";
export { waitFor } from "../../../testing/src/wait-for";
