export { type EmbeddedOptions, type RunningKurz, startEmbedded } from "./start-embedded";
