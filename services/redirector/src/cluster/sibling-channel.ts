import cluster from "node:cluster";

/** The message a worker's primary passes on to every other worker. */
export interface SiblingMessage {
  kind: "kurz.redirector.link-change";
  /** The link-change event's bytes, base64. */
  value: string;
}

export function isSiblingMessage(message: unknown): message is SiblingMessage {
  return (
    typeof message === "object" &&
    message !== null &&
    (message as SiblingMessage).kind === "kurz.redirector.link-change" &&
    typeof (message as SiblingMessage).value === "string"
  );
}

/**
 * The other workers of this redirector (REDIRECTOR_WORKERS > 1), through the primary. One worker
 * of the pod's consumer group takes each link change; it tells its siblings, which drop their
 * in-process copy at once instead of serving it until its TTL (LINK_L1_TTL_MS) ends.
 */
export interface SiblingChannel {
  tell(value: Uint8Array): void;
  /** Changes the siblings took; returns the function that stops listening. */
  listen(handler: (value: Uint8Array) => void): () => void;
}

/** The channel of a cluster worker; undefined in a process that is not one. */
export function clusterSiblingChannel(): SiblingChannel | undefined {
  if (!cluster.isWorker || !process.send) return undefined;
  const send = process.send.bind(process);
  return {
    tell(value) {
      const message: SiblingMessage = {
        kind: "kurz.redirector.link-change",
        value: Buffer.from(value).toString("base64"),
      };
      // The primary may be gone (shutting down): a sibling then stops too; nothing to tell.
      if (process.connected) send(message);
    },
    listen(handler) {
      const onMessage = (message: unknown) => {
        if (isSiblingMessage(message)) handler(Buffer.from(message.value, "base64"));
      };
      process.on("message", onMessage);
      return () => process.off("message", onMessage);
    },
  };
}
