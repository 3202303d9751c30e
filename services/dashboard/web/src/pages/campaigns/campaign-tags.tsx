/** A campaign's tags, or a dash read as "No tags". */
export function CampaignTags({ tags }: { tags: string[] }) {
  if (tags.length === 0) {
    return (
      <>
        <span class="muted" aria-hidden="true">
          —
        </span>
        <span class="visually-hidden">No tags</span>
      </>
    );
  }
  return (
    <ul class="tags">
      {tags.map((tag) => (
        <li key={tag} class="tag tag-static">
          {tag}
        </li>
      ))}
    </ul>
  );
}
