import { useEffect, useRef, useState } from "preact/hooks";
import { AppLink } from "../../components/app-link";
import { useApiQuery } from "../../components/use-api-query";
import { navigate, pathOf, useLocation } from "../../router";
import { ImportForm } from "./import-form";
import { importHref } from "./import-href";
import { ImportWatch, WATCH_HEADING_ID } from "./import-watch";
import { listImports } from "./list-imports";
import { RecentImports } from "./recent-imports";
import { FILE_FIELD_ID, useImportForm } from "./use-import-form";
import "./imports.css";

/**
 * The imports page: upload another shortener's export (its format and first rows read in the
 * browser first), follow the import (`?id=` in the URL, so a reload keeps watching it), and the
 * latest imports.
 */
export function ImportsView() {
  const { search } = useLocation();
  const id = search.get("id") ?? "";
  const [refreshKey, setRefreshKey] = useState(0);
  const recent = useApiQuery(`imports#${refreshKey}`, listImports);
  const refreshList = () => setRefreshKey((key) => key + 1);
  const form = useImportForm((linkImport) => {
    navigate(importHref(linkImport.id));
    refreshList();
  });
  const shownId = useRef(id);

  // Another import shown (or the form again): reading goes on from the part that changed.
  useEffect(() => {
    if (shownId.current === id) return;
    shownId.current = id;
    document.getElementById(id ? WATCH_HEADING_ID : FILE_FIELD_ID)?.focus();
  }, [id]);

  const startAnother = () => {
    form.reset();
    navigate(pathOf("imports"));
  };

  return (
    <div class="page">
      <div class="page-header">
        <h1 tabIndex={-1}>Import links</h1>
        <p class="page-intro">
          Bring your links over from another shortener: upload its export, check what would happen with a dry
          run, then import. Codes, titles, tags and creation dates are kept.
        </p>
        <p>
          <AppLink href={pathOf("links")}>Back to your links</AppLink>
        </p>
      </div>

      {id ? (
        <ImportWatch id={id} form={form} onFinished={refreshList} onStartAnother={startAnother} />
      ) : (
        <section class="card" aria-labelledby="import-form-heading">
          <h2 id="import-form-heading">Upload an export</h2>
          <ImportForm form={form} />
        </section>
      )}

      <section aria-labelledby="recent-imports-heading">
        <h2 id="recent-imports-heading">Recent imports</h2>
        <RecentImports imports={recent} currentId={id} />
      </section>
    </div>
  );
}
