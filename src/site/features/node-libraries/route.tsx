import { Page } from '@/core/ui/page';
import { LibrariesTable } from './components/libraries-table';
import { useLibraryScope } from './components/use-library-scope';

/**
 * SPEC §2 /node-libraries: the organisation's node libraries; /site/{siteId}/node-libraries:
 * the site's, together with the organisation's (read-only there unless org admin).
 */
export default function NodeLibrariesPage() {
  const { site, scopeLabel } = useLibraryScope();
  return (
    <Page
      title="Node Libraries"
      lead={
        <>
          {site
            ? `The node libraries of ${site.name}, and those of the organization every site shares.`
            : `The node libraries of ${scopeLabel}, shared by all its sites.`}
        </>
      }
    >
      <LibrariesTable />
    </Page>
  );
}
