import { useState } from "preact/hooks";
import { announce } from "../../components/announce";
import { AppLink } from "../../components/app-link";
import { ErrorNotice } from "../../components/error-notice";
import { useApiQuery } from "../../components/use-api-query";
import { usePageTitle } from "../../components/use-page-title";
import { navigate, pathOf } from "../../router";
import type { AbTest } from "./ab-test";
import { AbTestActions, type AbTestChange } from "./ab-test-actions";
import { AbTestFacts } from "./ab-test-facts";
import { AbTestResults } from "./ab-test-results";
import { isPlanRefusal } from "./ab-tests-access";
import { AbTestsPlanNotice } from "./ab-tests-plan-notice";
import { DeleteAbTestDialog } from "./delete-ab-test-dialog";
import { getAbTest } from "./get-ab-test";
import { getAbTestResults } from "./get-ab-test-results";

/** One test: what it is, the actions its state allows, and its results with the verdict. */
export function AbTestDetail({ id }: { id: string }) {
  const [refreshKey, setRefreshKey] = useState(0);
  const test = useApiQuery(`ab-test:${id}#${refreshKey}`, (signal) => getAbTest(id, signal));
  const results = useApiQuery(`ab-test-results:${id}#${refreshKey}`, (signal) =>
    getAbTestResults(id, signal),
  );
  const [deleting, setDeleting] = useState(false);
  const [completion, setCompletion] = useState<AbTestChange["completion"] | null>(null);
  usePageTitle(test.data ? `${test.data.name} · A/B tests` : "A/B test");

  const changed = (change: AbTestChange) => {
    announce(change.message);
    setCompletion(change.completion ?? null);
    setRefreshKey((key) => key + 1);
  };

  const deleted = (gone: AbTest) => {
    setDeleting(false);
    announce(`Deleted the test ${gone.name}`);
    navigate(pathOf("ab-tests"));
  };

  if (test.status === "error" && isPlanRefusal(test.error.code))
    return <AbTestsPlanNotice error={test.error} />;

  return (
    <>
      <p class="back-link">
        <AppLink href={pathOf("ab-tests")}>
          <span aria-hidden="true">← </span>All A/B tests
        </AppLink>
      </p>
      <section class="card" aria-labelledby="ab-test-heading">
        <h2 id="ab-test-heading" tabIndex={-1} class="break-anywhere">
          {test.data?.name ?? "A/B test"}
        </h2>
        {test.data?.description && <p class="page-intro">{test.data.description}</p>}
        {test.status === "loading" && (
          <p class="muted" role="status">
            Loading the test…
          </p>
        )}
        {test.status === "error" && (
          <ErrorNotice
            title={
              test.error.status === 404
                ? "This test does not exist (any more)"
                : "The test could not be loaded"
            }
            error={test.error}
            onRetry={test.error.status === 404 ? undefined : test.reload}
          />
        )}
        {test.status === "ready" && (
          <>
            <AbTestFacts test={test.data} />
            {completion && (
              <div class={`notice ${completion.supported ? "notice-success" : "ab-notice-neutral"}`}>
                <p class="notice-title">
                  {completion.supported
                    ? "The statistics support this winner"
                    : "The statistics do not (yet) support this winner"}
                </p>
                <p>{completion.reason}</p>
              </div>
            )}
            <AbTestActions
              key={test.data.status}
              test={test.data}
              onChanged={changed}
              onDelete={() => setDeleting(true)}
            />
          </>
        )}
      </section>

      {test.status === "ready" && <AbTestResults test={test.data} results={results} />}

      {deleting && test.data && (
        <DeleteAbTestDialog test={test.data} onCancel={() => setDeleting(false)} onDeleted={deleted} />
      )}
    </>
  );
}
