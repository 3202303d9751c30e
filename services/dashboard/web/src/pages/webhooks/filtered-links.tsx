import { useApiQuery } from "../../components/use-api-query";
import { describeLinks } from "./describe-links";

/** The links an endpoint is limited to, by short URL once they are named (by id until then). */
export function FilteredLinks({ ids }: { ids: readonly string[] }) {
  const named = useApiQuery(`filtered-links:${ids.join(",")}`, (signal) => describeLinks(ids, signal));
  if (ids.length === 0) return <>Every link of the account</>;
  return (
    <ul class="webhook-link-filter">
      {ids.map((id) => (
        <li key={id} class="break-anywhere">
          {named.data?.get(id) ?? id}
        </li>
      ))}
    </ul>
  );
}
