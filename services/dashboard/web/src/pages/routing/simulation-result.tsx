import type { Simulation } from "./simulate-visit";

const MATCHED_LABELS: Record<Simulation["matched"], string> = {
  expired: "The link has expired",
  password: "The password page",
  deep_link: "App deep link",
  rule: "Redirect rule",
  ab_test: "A/B test",
  default: "The link’s URL (no rule matched)",
  preview: "Preview card (link-preview crawler)",
};

/** Where the simulated visitor goes, which decision sent them there, and the reasoning line by line. */
export function SimulationResult({ result }: { result: Simulation }) {
  return (
    <div class="routing-simulation">
      <dl class="facts">
        <div>
          <dt>Goes to</dt>
          <dd class="break-anywhere" data-testid="simulation-destination">
            {result.destination_url}
          </dd>
        </div>
        <div>
          <dt>Status</dt>
          <dd>{result.status_code}</dd>
        </div>
        <div>
          <dt>Decided by</dt>
          <dd data-testid="simulation-matched" data-matched={result.matched}>
            {MATCHED_LABELS[result.matched] ?? result.matched}
          </dd>
        </div>
        {result.rule && (
          <div>
            <dt>Rule</dt>
            <dd>
              Rule {result.rule.index + 1}
              {result.rule.name ? `: ${result.rule.name}` : ""} <span class="muted">({result.rule.id})</span>
            </dd>
          </div>
        )}
      </dl>
      {result.explanation.length > 0 && (
        <>
          <h4 class="subsection-title">Explanation</h4>
          <ol class="routing-explanation">
            {result.explanation.map((line, index) => (
              // Lines repeat rarely and never move: their position is their identity.
              <li key={index}>
                <code>{line}</code>
              </li>
            ))}
          </ol>
        </>
      )}
    </div>
  );
}
