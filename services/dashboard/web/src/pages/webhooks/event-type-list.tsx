/** An endpoint's event types as small tags (their API names: what the receiver sees in `type`). */
export function EventTypeList({ types }: { types: readonly string[] }) {
  return (
    <ul class="tags">
      {types.map((type) => (
        <li key={type} class="tag tag-static">
          {type}
        </li>
      ))}
    </ul>
  );
}
