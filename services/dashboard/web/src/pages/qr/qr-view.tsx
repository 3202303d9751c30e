import { useEffect, useRef, useState } from "preact/hooks";
import { announce } from "../../components/announce";
import { Pager } from "../../components/pager";
import { SelectField } from "../../components/select-field";
import { useApiQuery } from "../../components/use-api-query";
import { updateSearch, useLocation } from "../../router";
import { DeleteQrDialog } from "./delete-qr-dialog";
import { listQrCodes } from "./list-qr-codes";
import type { QrCode } from "./qr-code";
import { QrDesignerArea } from "./qr-designer-area";
import { QrList } from "./qr-list";
import { qrListQueryKey, readQrListQuery } from "./qr-list-query";
import { qrTitle } from "./qr-title";
import { QR_TYPES } from "./qr-types";
import { QrUsage } from "./qr-usage";

/** The list's URL with one code opened in the designer (paging and filter kept). */
function editHref(code: QrCode): string {
  const search = new URLSearchParams(window.location.search);
  search.set("id", code.id);
  search.delete("link");
  return `${window.location.pathname}?${search}`;
}

/**
 * The QR codes page's content: the designer (new, ?link=<code> for a short link, ?id=<id> to
 * edit) and the account's codes with paging and a type filter, all in the URL; download and delete.
 */
export function QrView() {
  const { search } = useLocation();
  const id = search.get("id") ?? "";
  const linkCode = search.get("link") ?? "";
  const query = readQrListQuery(search);
  const [refreshKey, setRefreshKey] = useState(0);
  const codes = useApiQuery(`${qrListQueryKey(query)}#${refreshKey}`, (signal) => listQrCodes(query, signal));
  const [known, setKnown] = useState<QrCode | null>(null);
  const [newKey, setNewKey] = useState(0);
  const [toDelete, setToDelete] = useState<QrCode | null>(null);
  const designerHeading = useRef<HTMLHeadingElement>(null);
  const listHeading = useRef<HTMLHeadingElement>(null);
  const focusAfterRender = useRef<"designer" | "preview" | "list" | null>(null);
  const shownId = useRef(id);

  // Opening a code from the list (or starting anew) moves the reader up to the designer.
  useEffect(() => {
    if (shownId.current === id) return;
    shownId.current = id;
    if (focusAfterRender.current === null) focusAfterRender.current = "designer";
  }, [id]);

  useEffect(() => {
    const target = focusAfterRender.current;
    if (!target || toDelete) return;
    focusAfterRender.current = null;
    if (target === "designer") designerHeading.current?.focus();
    else if (target === "list") listHeading.current?.focus();
    else document.getElementById("qr-preview-heading")?.focus();
  });

  const saved = (code: QrCode, created: boolean) => {
    setKnown(code);
    setRefreshKey((key) => key + 1);
    if (created) {
      // The new code is shown beside its form, and is the newest: the list's first page.
      focusAfterRender.current = "preview";
      updateSearch({ id: code.id, link: undefined, page: undefined });
    }
  };

  const startNew = () => {
    focusAfterRender.current = "designer";
    setNewKey((key) => key + 1);
    updateSearch({ id: undefined, link: undefined });
  };

  const deleted = (code: QrCode) => {
    focusAfterRender.current = "list";
    setToDelete(null);
    announce(`Deleted ${qrTitle(code)}`);
    if (code.id === id) updateSearch({ id: undefined });
    // The last code of a later page: that page is gone, show the one before.
    if (codes.data?.qrCodes.length === 1 && query.page > 1) updateSearch({ page: query.page - 1 });
    setRefreshKey((key) => key + 1);
  };

  const startDesigning = () => {
    if (id || linkCode) startNew();
    else document.getElementById("qr-type-url")?.focus();
  };

  return (
    <>
      <section class="card" aria-labelledby="qr-designer-heading">
        <h2 id="qr-designer-heading" ref={designerHeading} tabIndex={-1}>
          {id ? "Edit QR code" : "Design a QR code"}
        </h2>
        <QrDesignerArea
          id={id}
          linkCode={linkCode}
          known={known}
          newKey={newKey}
          onSaved={saved}
          onStartNew={startNew}
        />
      </section>

      <section class="links-section" aria-labelledby="qr-list-heading">
        <h2 id="qr-list-heading" ref={listHeading} tabIndex={-1}>
          Your QR codes
        </h2>
        <QrUsage refreshKey={refreshKey} />
        <div class="qr-list-toolbar">
          <SelectField
            id="qr-filter-type"
            label="Filter by type"
            value={query.type}
            options={[{ value: "", label: "All types" }, ...QR_TYPES]}
            onValue={(type) => updateSearch({ type, page: undefined })}
          />
        </div>
        <QrList
          codes={codes}
          filtered={query.type !== ""}
          editHref={editHref}
          onDelete={setToDelete}
          onClearFilter={() => updateSearch({ type: undefined, page: undefined })}
          onStartDesigning={startDesigning}
          onFirstPage={() => updateSearch({ page: undefined })}
        />
        {codes.data && (
          <Pager
            label="Pages of QR codes"
            page={codes.data.pagination.page}
            totalPages={codes.data.pagination.totalPages}
            total={codes.data.pagination.total}
            limit={codes.data.pagination.limit}
            onPage={(page) => {
              updateSearch({ page: page === 1 ? undefined : page });
              // The pressed button may now be disabled (last page): continue from the list's top.
              listHeading.current?.focus();
            }}
          />
        )}
      </section>

      {toDelete && <DeleteQrDialog code={toDelete} onCancel={() => setToDelete(null)} onDeleted={deleted} />}
    </>
  );
}
