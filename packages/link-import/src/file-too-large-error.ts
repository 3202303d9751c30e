/** Thrown inside the input stream when it passes `maxBytes`; parsing turns it into FILE_TOO_LARGE. */
export class FileTooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`the file is larger than ${maxBytes} bytes`);
    this.name = "FileTooLargeError";
  }
}
