import { useState } from "preact/hooks";
import { signOut } from "../api/sign-out";
import { announce } from "./announce";

/** Ends the session; stays usable (and says why) if the server could not be reached. */
export function SignOutButton() {
  const [pending, setPending] = useState(false);
  const leave = async () => {
    setPending(true);
    try {
      await signOut();
    } catch (error) {
      setPending(false);
      announce(error instanceof Error && error.message ? error.message : "Signing out failed. Try again.");
    }
  };
  return (
    <button type="button" class="button button-ghost" onClick={leave} disabled={pending} aria-busy={pending}>
      Sign out
    </button>
  );
}
