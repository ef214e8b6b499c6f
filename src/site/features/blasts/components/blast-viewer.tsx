import { useState, type ReactNode } from 'react';
import type { BlastPlan, PublicBlast } from '@/contract/data/blasts';
import type { UserRef } from '@/contract/common';
import {
  formatDate,
  formatDateTime,
  formatFigure,
  formatFileSize,
  formatUser,
} from '@/core/format';
import { blastFileAddress, downloadBlastFile } from '@/site/entities/blasts/files';
import { PlanView } from './plan-view';

export interface BlastViewerProps {
  blast: PublicBlast & { siteName?: string; createdBy?: UserRef | null; createdAt?: string };
  /** The organisation the blast belongs to, when the viewer may know it. */
  orgName?: string;
  plan: BlastPlan;
  /** The file's path under the data service (SPEC §3 '{address}'). */
  downloadPath: string;
  /** Anonymous links download without a token. */
  isAnonymous?: boolean;
  /** Extra facts or actions beside the details. */
  children?: ReactNode;
}

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <>
      <dt className="col-sm-5 text-body-secondary fw-normal">{term}</dt>
      <dd className="col-sm-7 mb-1 text-break">{children}</dd>
    </>
  );
}

/**
 * The Blast Viewer: the blast's details, its plan drawn to scale, the .blst download and the
 * file's address. Blasts Shared, Blast Details and both link pages use it.
 */
export function BlastViewer({
  blast,
  orgName,
  plan,
  downloadPath,
  isAnonymous = false,
  children,
}: BlastViewerProps) {
  const [downloading, setDownloading] = useState(false);
  const address = blastFileAddress(downloadPath);
  // The file needs the session's token (or the link's rights): opened as a page, its address
  // would answer the API's JSON. The button and the address both download it.
  const download = () => {
    setDownloading(true);
    downloadBlastFile(downloadPath, blast.fileName, { isAnonymous })
      .catch((e: unknown) => console.error(e))
      .finally(() => setDownloading(false));
  };
  return (
    <div className="row g-4">
      <div className="col-lg-4">
        <section aria-labelledby="blast-facts" className="card">
          <div className="card-body">
            <h2 id="blast-facts" className="h5 card-title">
              Details
            </h2>
            <dl className="row small mb-3">
              <Fact term="Name">{blast.name}</Fact>
              {blast.description ? <Fact term="Description">{blast.description}</Fact> : null}
              {orgName ? <Fact term="Organization">{orgName}</Fact> : null}
              {blast.siteName ? <Fact term="Site">{blast.siteName}</Fact> : null}
              <Fact term="Status">{blast.status === 'fired' ? 'Fired' : 'Planned'}</Fact>
              {blast.firedAt ? <Fact term="Fired">{formatDate(blast.firedAt)}</Fact> : null}
              {blast.plannedAt ? <Fact term="Planned">{formatDate(blast.plannedAt)}</Fact> : null}
              <Fact term="Holes">
                <span data-testid="blast-hole-count">{formatFigure(blast.holeCount)}</span>
              </Fact>
              <Fact term="Total charge">{formatFigure(blast.totalCharge, 1)} kg</Fact>
              <Fact term="File">
                {blast.fileName} ({formatFileSize(blast.fileSize)})
              </Fact>
              {blast.createdBy !== undefined ? (
                <Fact term="Uploaded by">
                  {blast.createdBy ? formatUser(blast.createdBy) : '—'}
                </Fact>
              ) : null}
              <Fact term="Updated">{formatDateTime(blast.updatedAt)}</Fact>
            </dl>
            <button
              type="button"
              className="btn btn-primary btn-sm"
              disabled={downloading}
              onClick={download}
            >
              {downloading ? 'Downloading…' : `Download ${blast.fileName}`}
            </button>
            <p className="small mt-3 mb-0 text-break">
              <span className="text-body-secondary">Address: </span>
              <a
                href={address}
                data-testid="blast-address"
                rel="noopener noreferrer"
                onClick={(event) => {
                  event.preventDefault();
                  if (!downloading) download();
                }}
              >
                {address}
              </a>
            </p>
            {children}
          </div>
        </section>
      </div>
      <div className="col-lg-8">
        <PlanView plan={plan} label={`Plan of ${blast.name}`} />
      </div>
    </div>
  );
}
