export { AppError, type AppErrorOptions, isAppError, toAppError } from "./app-error";
export { codeForGrpcStatus, type ErrorCode, errorCatalog, GrpcStatus, isErrorCode } from "./codes";
export { RETRY_AFTER_SECONDS, type RestErrorBody, toRestErrorBody } from "./rest-error-body";
