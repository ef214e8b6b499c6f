import type { CSSProperties, ReactNode } from 'react';

export interface PageProps {
  /** The heading (the document title is the route table's: core/shell/routing's RouteGate). */
  title: string;
  /** A line under the heading saying what the page is for. */
  lead?: ReactNode;
  /** A narrow page (a form): its maximum width. */
  maxWidth?: CSSProperties['maxWidth'];
  children: ReactNode;
}

/** A route's page: its heading, a lead line, then its content. */
export function Page({ title, lead, maxWidth, children }: PageProps) {
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
