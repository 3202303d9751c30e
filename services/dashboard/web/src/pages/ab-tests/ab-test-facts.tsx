import { formatDateTime } from "../../components/format-date";
import type { AbTest } from "./ab-test";
import { AbTestStatusBadge } from "./ab-test-status";

/** What the test is: its state, link, dates and settings. */
export function AbTestFacts({ test }: { test: AbTest }) {
  const winner = test.variants.find((variant) => variant.id === test.winner_variant_id);
  return (
    <dl class="facts facts-inline">
      <div>
        <dt>Status</dt>
        <dd>
          <AbTestStatusBadge status={test.status} />
        </dd>
      </div>
      <div>
        <dt>Link</dt>
        <dd class="break-anywhere">
          <a href={test.short_url} target="_blank" rel="noopener noreferrer">
            {test.short_url}
          </a>
          {test.rotator && <span class="link-name">Made for this test</span>}
        </dd>
      </div>
      <div>
        <dt>Started</dt>
        <dd>
          {test.started_at ? (
            <time dateTime={test.started_at}>{formatDateTime(test.started_at)}</time>
          ) : (
            "Not yet"
          )}
        </dd>
      </div>
      {test.completed_at && (
        <div>
          <dt>Completed</dt>
          <dd>
            <time dateTime={test.completed_at}>{formatDateTime(test.completed_at)}</time>
          </dd>
        </div>
      )}
      {test.status === "completed" && (
        <div>
          <dt>Winner</dt>
          <dd class="break-anywhere">{winner ? `${winner.name} → ${winner.destination_url}` : "None"}</dd>
        </div>
      )}
      <div>
        <dt>Confidence level</dt>
        <dd>{test.confidence_level}%</dd>
      </div>
      <div>
        <dt>Verdict after</dt>
        <dd>{test.min_sample_size} visitors per variant</dd>
      </div>
    </dl>
  );
}
