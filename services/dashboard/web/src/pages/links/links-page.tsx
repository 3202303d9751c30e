import { useEffect, useRef, useState } from "preact/hooks";
import { announce } from "../../components/announce";
import { AppLink } from "../../components/app-link";
import { Pager } from "../../components/pager";
import { useApiQuery } from "../../components/use-api-query";
import { usePageTitle } from "../../components/use-page-title";
import { pathOf, updateSearch, useLocation } from "../../router";
import { BulkActions } from "./bulk-actions";
import { fieldId } from "./create-link-draft";
import { CreateLinkForm } from "./create-link-form";
import { DeleteLinkDialog } from "./delete-link-dialog";
import { EditLinkDialog } from "./edit-link-dialog";
import { LinkExportButtons } from "./link-export-buttons";
import { LinkList } from "./link-list";
import { LinkListToolbar } from "./link-list-toolbar";
import { hasFilters, linksQueryKey, readLinksQuery } from "./links-query";
import { listLinks } from "./list-links";
import type { BulkOutcome } from "./read-bulk-results";
import type { ShortUrl } from "./short-url";
import { useLinkSelection } from "./use-link-selection";

/**
 * The links page: create a link, and the list of links with search, sort, tag and campaign filters and paging
 * (all in the URL), copy, edit and delete, and each link's analytics and QR code.
 */
export function LinksPage() {
  usePageTitle("Links");
  const { search } = useLocation();
  const query = readLinksQuery(search);
  const [refreshKey, setRefreshKey] = useState(0);
  const links = useApiQuery(`${linksQueryKey(query)}#${refreshKey}`, (signal) => listLinks(query, signal));
  const [toDelete, setToDelete] = useState<ShortUrl | null>(null);
  const [toEdit, setToEdit] = useState<ShortUrl | null>(null);
  const listHeading = useRef<HTMLHeadingElement>(null);
  const focusListHeading = useRef(false);
  const selection = useLinkSelection(linksQueryKey(query), links.data?.urls ?? []);

  useEffect(() => {
    if (toDelete === null && focusListHeading.current) {
      focusListHeading.current = false;
      listHeading.current?.focus();
    }
  }, [toDelete]);

  const created = () => {
    // The new link is newest: show the first page (search and sort are kept).
    if (query.page !== 1) updateSearch({ page: undefined });
    setRefreshKey((key) => key + 1);
  };

  const deleted = (link: ShortUrl) => {
    focusListHeading.current = true;
    setToDelete(null);
    announce(`Deleted ${link.shortUrl}`);
    // The last link of a later page: that page is gone, show the one before.
    if (links.data?.urls.length === 1 && query.page > 1) updateSearch({ page: query.page - 1 });
    setRefreshKey((key) => key + 1);
  };

  const updated = () => {
    setToEdit(null);
    announce("Link updated");
    // Reloaded rather than patched in place: a changed name or tag may move it in this view.
    setRefreshKey((key) => key + 1);
  };

  const bulkSettled = (outcome: BulkOutcome, deleted: boolean) => {
    // The bar is gone with the selection: go on from the list's top.
    listHeading.current?.focus();
    // Every link of a later page deleted: that page is gone, show the one before.
    const emptied = deleted && outcome.done.length === links.data?.urls.length;
    if (emptied && query.page > 1) updateSearch({ page: query.page - 1 });
    setRefreshKey((key) => key + 1);
  };

  const startCreating = () => document.getElementById(fieldId("url"))?.focus();

  return (
    <div class="page">
      <div class="page-header">
        <h1 tabIndex={-1}>Links</h1>
        <p class="page-intro">Create short links, share them, and see how often they are clicked.</p>
        <p>
          <AppLink class="button button-secondary button-small" href={pathOf("imports")}>
            Import links
          </AppLink>{" "}
          <span class="muted">from Bitly, Dub, Short.io, Shlink, YOURLS, Kutt, Rebrandly or a CSV</span>
        </p>
      </div>

      <section class="card" aria-labelledby="create-heading">
        <h2 id="create-heading">Create a short link</h2>
        <CreateLinkForm onCreated={created} />
      </section>

      <section class="links-section" aria-labelledby="links-heading">
        <h2 id="links-heading" ref={listHeading} tabIndex={-1}>
          Your short URLs
        </h2>
        <LinkListToolbar query={query} refreshKey={refreshKey} />
        <LinkExportButtons query={query} />
        <BulkActions selection={selection} onSettled={bulkSettled} />
        <LinkList
          links={links}
          filtered={hasFilters(query)}
          onEdit={setToEdit}
          onDelete={setToDelete}
          onClearFilters={() =>
            updateSearch({
              search: undefined,
              tag: undefined,
              campaign: undefined,
              domain: undefined,
              page: undefined,
            })
          }
          onStartCreating={startCreating}
          onFirstPage={() => updateSearch({ page: undefined })}
          selection={selection}
        />
        {links.data && (
          <Pager
            label="Pages of links"
            page={links.data.pagination.page}
            totalPages={links.data.pagination.totalPages}
            total={links.data.pagination.total}
            limit={links.data.pagination.limit}
            onPage={(page) => {
              updateSearch({ page: page === 1 ? undefined : page });
              // The pressed button may now be disabled (last page): continue from the list's top.
              listHeading.current?.focus();
            }}
          />
        )}
      </section>

      {toEdit && <EditLinkDialog link={toEdit} onCancel={() => setToEdit(null)} onSaved={updated} />}
      {toDelete && (
        <DeleteLinkDialog link={toDelete} onCancel={() => setToDelete(null)} onDeleted={deleted} />
      )}
    </div>
  );
}
