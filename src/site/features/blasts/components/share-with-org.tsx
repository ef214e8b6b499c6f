import { useState } from 'react';
import type { ShareTargetOrg, ShareTargets } from '@/contract/data/shared-blasts';
import { isApiError, showingInPlace } from '@/core/api';
import { formatFigure } from '@/core/format';
import { getShareTargets } from '@/site/entities/blasts/sharing';

export interface ShareWithOrgProps {
  orgId: number;
  siteId: number;
  onShare: (org: ShareTargetOrg) => Promise<void>;
}

/** The first organisations found are not all of them: say so, and how to narrow them. */
export const moreMatch = ({ results, total }: ShareTargets) =>
  `The first ${formatFigure(results.length)} of ${formatFigure(total)} organizations that match: type more of the name to narrow them.`;

/** Finds organisations by name (two characters at least) and shares with one of them. */
export function ShareWithOrg({ orgId, siteId, onShare }: ShareWithOrgProps) {
  const [search, setSearch] = useState('');
  const [found, setFound] = useState<ShareTargets | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const find = async () => {
    if (search.trim().length < 2) {
      setProblem('Type at least 2 characters');
      return;
    }
    setProblem(null);
    setFound(null);
    try {
      setFound(await getShareTargets(orgId, siteId, search.trim()));
    } catch (e: unknown) {
      setProblem(isApiError(e) ? e.message : 'The search failed');
      showingInPlace(e);
    }
  };
  return (
    <div>
      <label htmlFor="share-org-search" className="form-label">
        Organization name
      </label>
      <div className="input-group">
        <input
          id="share-org-search"
          className={problem ? 'form-control is-invalid' : 'form-control'}
          value={search}
          placeholder="Type part of the name"
          aria-describedby={problem ? 'share-org-problem' : undefined}
          onChange={(e) => setSearch(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              void find();
            }
          }}
        />
        <button type="button" className="btn btn-outline-secondary" onClick={() => void find()}>
          Find
        </button>
      </div>
      {problem ? (
        <div id="share-org-problem" className="text-danger small">
          {problem}
        </div>
      ) : null}
      {found !== null ? (
        found.total === 0 ? (
          <p className="small mt-2 mb-0">No organization found.</p>
        ) : (
          <>
            {found.total > found.results.length ? (
              <p className="small mt-2 mb-0" role="status">
                {moreMatch(found)}
              </p>
            ) : null}
            <ul className="list-group list-group-flush mt-2" aria-label="Organizations found">
              {found.results.map((org) => (
                <li key={org.id} className="list-group-item d-flex align-items-center px-0">
                  <span className="me-auto">{org.name}</span>
                  <button
                    type="button"
                    className="btn btn-sm btn-outline-primary"
                    onClick={() => {
                      onShare(org)
                        .then(() => setFound(null))
                        .catch((e: unknown) => {
                          setProblem(isApiError(e) ? e.message : String(e));
                          showingInPlace(e);
                        });
                    }}
                  >
                    Share with {org.name}
                  </button>
                </li>
              ))}
            </ul>
          </>
        )
      ) : null}
    </div>
  );
}
