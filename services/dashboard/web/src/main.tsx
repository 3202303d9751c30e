import { render } from "preact";
import { loadSession } from "./api/session";
import { App } from "./app";
import { StartupError } from "./components/startup-error";
import "./styles/app.css";

const root = document.getElementById("app")!;

// The app needs the session (its CSRF token) before its first call; without one, sign in first.
loadSession().then(
  (session) => {
    if (session.signedIn) return render(<App />, root);
    const returnTo = `${window.location.pathname}${window.location.search}`;
    window.location.assign(`${session.signInUrl}?return_to=${encodeURIComponent(returnTo)}`);
  },
  () => render(<StartupError />, root),
);
