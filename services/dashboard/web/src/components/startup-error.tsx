/** Shown when the page could not even learn whether it is signed in. */
export function StartupError() {
  return (
    <main class="startup-error">
      <h1>Kurz</h1>
      <div class="notice notice-error" role="alert">
        <p class="notice-title">The dashboard could not start</p>
        <p>It could not reach Kurz. Check your connection, then reload the page.</p>
        <button type="button" class="button" onClick={() => window.location.reload()}>
          Reload
        </button>
      </div>
    </main>
  );
}
