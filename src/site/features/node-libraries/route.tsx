import { useDocumentTitle } from '@/core/ui/portal';
import { LibrariesTable } from './components/libraries-table';
import { useLibraryScope } from './components/use-library-scope';

/**
 * SPEC §2 /node-libraries: the organisation's node libraries; /site/{siteId}/node-libraries:
 * the site's, together with the organisation's (read-only there unless org admin).
 */
export default function NodeLibrariesPage() {
  useDocumentTitle('Node Libraries');
  const { site, scopeLabel } = useLibraryScope();
  return (
    <section aria-labelledby="libraries-title">
      <h1 id="libraries-title" className="h3 mb-1">
        Node Libraries
      </h1>
      <p className="text-body-secondary">
        {site
          ? `The node libraries of ${site.name}, and those of the organisation every site shares.`
          : `The node libraries of ${scopeLabel}, shared by all its sites.`}
      </p>
      <LibrariesTable />
    </section>
  );
}
