// A new person's OAuth sign-in through the edge lives in @kurz/testing (the fuzzer uses it too).
export { type SignedInUser, signInWithOAuth } from "@kurz/testing";
