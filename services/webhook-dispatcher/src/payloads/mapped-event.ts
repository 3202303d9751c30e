/** One internal event as webhook `data`, before the envelope's time is added. */
export interface MappedEvent<T extends string, D> {
  type: T;
  data: D;
  /** The link the event concerns (endpoint link filters); absent when it concerns none. */
  linkId?: string;
}
