import { useParams } from 'react-router-dom';
import { useAnonymousLinkView } from '@/site/entities/blasts/links';
import { BlastViewer } from './components/blast-viewer';
import { LinkGone } from './components/link-gone';
import { QueryState } from '@/core/ui/query-state';

/**
 * SPEC §2 /blast-link-anon/{linkId}: an anonymous link, opened without signing in. Only the
 * blast itself is shown (no organisation, site or people).
 */
export default function BlastLinkAnonPage() {
  const linkId = useParams().linkId ?? '';
  const query = useAnonymousLinkView(linkId);
  return (
    <QueryState query={query}>
      {(result) =>
        result.gone ? (
          <LinkGone message={result.message} />
        ) : (
          <section aria-labelledby="anon-title">
            <h1 id="anon-title" className="h3 mb-3">
              Shared Blast: {result.view.blast.name}
            </h1>
            <BlastViewer
              blast={result.view.blast}
              plan={result.view.plan}
              downloadPath={result.view.downloadPath}
              isAnonymous
            />
          </section>
        )
      }
    </QueryState>
  );
}
