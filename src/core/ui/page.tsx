import type { CSSProperties, ReactNode } from 'react';
import { useDocumentTitle } from './portal';

export interface PageProps {
  /** The heading, and the document title ('Users - Organization Portal'). */
  title: string;
  /** The document title when it is not the heading (the route table's title). */
  documentTitle?: string;
  /** A line under the heading saying what the page is for. */
  lead?: ReactNode;
  /** A narrow page (a form): its maximum width. */
  maxWidth?: CSSProperties['maxWidth'];
  children: ReactNode;
}

/** A route's page: its heading (and the document title), a lead line, then its content. */
export function Page({ title, documentTitle = title, lead, maxWidth, children }: PageProps) {
  useDocumentTitle(documentTitle);
  return (
    <section aria-labelledby="page-title" style={maxWidth ? { maxWidth } : undefined}>
      <h1 id="page-title" className={lead ? 'h3 mb-1 text-break' : 'h3 mb-3 text-break'}>
        {title}
      </h1>
      {lead ? <p className="text-body-secondary">{lead}</p> : null}
      {children}
    </section>
  );
}
