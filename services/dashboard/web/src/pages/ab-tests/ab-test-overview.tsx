import { useRef } from "preact/hooks";
import { announce } from "../../components/announce";
import { ErrorNotice } from "../../components/error-notice";
import { Pager } from "../../components/pager";
import { useApiQuery } from "../../components/use-api-query";
import { usePageTitle } from "../../components/use-page-title";
import { navigate, updateSearch } from "../../router";
import { getAccount } from "../account/get-account";
import type { AbTest } from "./ab-test";
import { AbTestForm } from "./ab-test-form";
import { abTestHref } from "./ab-test-href";
import { AbTestList } from "./ab-test-list";
import { isPlanRefusal } from "./ab-tests-access";
import { AbTestsPlanNotice } from "./ab-tests-plan-notice";
import { listAbTests } from "./list-ab-tests";

/** The A/B tests page without a chosen test: create one, and the list with paging. */
export function AbTestOverview({ page }: { page: number }) {
  usePageTitle("A/B tests");
  const tests = useApiQuery(`ab-tests:${page}`, (signal) => listAbTests(page, signal));
  // Every plan's sign-in holds the A/B test scopes; the plan decides what may be created and run.
  // Without A/B tests (a downgrade), the tests stay listed, readable, and can be paused,
  // completed and deleted.
  const account = useApiQuery("account", getAccount);
  const planLacksAbTests = account.status === "ready" && !account.data.plan.ab_tests;
  const listHeading = useRef<HTMLHeadingElement>(null);

  // A new test is a draft to look over and start: its own view is where that happens.
  const created = (test: AbTest) => {
    announce(`Test created: ${test.name}. Start it when you are ready.`);
    navigate(abTestHref(test.id));
  };

  if (tests.status === "error" && isPlanRefusal(tests.error.code)) {
    return <AbTestsPlanNotice error={tests.error} />;
  }

  return (
    <>
      {planLacksAbTests ? (
        <AbTestsPlanNotice />
      ) : (
        <section class="card" aria-labelledby="new-ab-test-heading">
          <h2 id="new-ab-test-heading">Create a test</h2>
          <AbTestForm onCreated={created} />
        </section>
      )}

      <section class="section" aria-labelledby="ab-tests-heading">
        <h2 id="ab-tests-heading" ref={listHeading} tabIndex={-1}>
          Your A/B tests
        </h2>
        {tests.status === "loading" && (
          <p class="muted" role="status">
            Loading tests…
          </p>
        )}
        {tests.status === "error" && (
          <ErrorNotice title="Tests could not be loaded" error={tests.error} onRetry={tests.reload} />
        )}
        {tests.status === "ready" && tests.data.tests.length === 0 && (
          <div class="empty-state">
            <p class="empty-title">No A/B tests yet</p>
            <p>
              {planLacksAbTests
                ? "Your plan does not include A/B tests."
                : "Create one above: send visitors of a link to two or more pages and see which converts."}
            </p>
          </div>
        )}
        {tests.status === "ready" && tests.data.tests.length > 0 && (
          <>
            <AbTestList tests={tests.data.tests} busy={tests.refreshing} />
            <Pager
              label="Pages of A/B tests"
              page={tests.data.pagination.page}
              totalPages={tests.data.pagination.totalPages}
              total={tests.data.pagination.total}
              limit={tests.data.pagination.limit}
              onPage={(next) => {
                updateSearch({ page: next === 1 ? undefined : next });
                listHeading.current?.focus();
              }}
            />
          </>
        )}
      </section>
    </>
  );
}
