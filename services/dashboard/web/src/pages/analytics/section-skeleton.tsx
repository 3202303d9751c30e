const LINES = [1, 2, 3, 4];

/** Grey lines where a section's numbers will appear; the words are for screen readers. */
export function SectionSkeleton({ label, cards = 1 }: { label: string; cards?: number }) {
  return (
    <div class="report-skeleton">
      <p class="visually-hidden">{label}</p>
      <div class="report-skeleton-cards" aria-hidden="true">
        {Array.from({ length: cards }, (_, card) => (
          <div key={card} class="card report-skeleton-card">
            <span class="skeleton skeleton-narrow" />
            {LINES.map((line) => (
              <span key={line} class="skeleton" />
            ))}
          </div>
        ))}
      </div>
    </div>
  );
}
