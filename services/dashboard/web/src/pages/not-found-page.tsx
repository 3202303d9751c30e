import { AppLink } from "../components/app-link";
import { usePageTitle } from "../components/use-page-title";
import { pathOf } from "../router";

/** A path under /app/ that is no page of the app. */
export function NotFoundPage() {
  usePageTitle("Page not found");
  return (
    <section class="page">
      <h1 tabIndex={-1}>Page not found</h1>
      <p>There is no page at this address.</p>
      <p>
        <AppLink href={pathOf("links")}>Go to your links</AppLink>
      </p>
    </section>
  );
}
