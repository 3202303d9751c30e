import { AppLink } from "../../components/app-link";
import { formatDate } from "../../components/format-date";
import type { AbTest } from "./ab-test";
import { abTestHref } from "./ab-test-href";
import { AbTestStatusBadge } from "./ab-test-status";

/** The tests of the current page; each name opens the test's own view. */
export function AbTestList({ tests, busy }: { tests: AbTest[]; busy: boolean }) {
  return (
    <div class="table-wrap">
      <table class="data-table" aria-busy={busy}>
        <caption class="visually-hidden">Your A/B tests</caption>
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Status</th>
            <th scope="col">Link</th>
            <th scope="col" class="cell-number">
              Variants
            </th>
            <th scope="col">Started</th>
          </tr>
        </thead>
        <tbody>
          {tests.map((test) => (
            <tr key={test.id}>
              <td data-label="Name" class="strong break-anywhere">
                <AppLink href={abTestHref(test.id)}>{test.name}</AppLink>
              </td>
              <td data-label="Status">
                <AbTestStatusBadge status={test.status} />
              </td>
              <td data-label="Link" class="break-anywhere">
                {test.short_url}
              </td>
              <td data-label="Variants" class="cell-number">
                {test.variants.length}
              </td>
              <td data-label="Started">
                {test.started_at ? (
                  <time dateTime={test.started_at}>{formatDate(test.started_at)}</time>
                ) : (
                  <>
                    <span class="muted" aria-hidden="true">
                      —
                    </span>
                    <span class="visually-hidden">Not started</span>
                  </>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
