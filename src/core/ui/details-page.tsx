import { Fragment, type ReactNode } from 'react';
import { Link } from 'react-router-dom';

export interface DetailsPageProps {
  /** The list the record belongs to: the first crumb. */
  parent: { label: string; to: string };
  /** The record's name: the last crumb. */
  name: string;
  /** The heading. */
  title: ReactNode;
  /** Beside the heading, before the buttons (a status badge). */
  badges?: ReactNode;
  /** Edit, when the user may change the record. */
  onEdit?: (() => void) | null;
  /** Delete (or another removal, named by deleteLabel), when the user may. */
  onDelete?: (() => void) | null;
  deleteLabel?: string;
  children: ReactNode;
}

/**
 * The frame of a record's page (Product and Service Details, Subscription Details, a node
 * library): the breadcrumb back to its list, the heading with Edit and Delete, then the page.
 */
export function DetailsPage({
  parent,
  name,
  title,
  badges,
  onEdit,
  onDelete,
  deleteLabel = 'Delete',
  children,
}: DetailsPageProps) {
  return (
    <section aria-labelledby="page-title">
      <nav aria-label="Breadcrumb">
        <ol className="breadcrumb mb-2">
          <li className="breadcrumb-item">
            <Link to={parent.to}>{parent.label}</Link>
          </li>
          <li className="breadcrumb-item active text-break min-w-0" aria-current="page">
            {name}
          </li>
        </ol>
      </nav>
      <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
        <h1 id="page-title" className="h3 mb-0 me-auto text-break min-w-0">
          {title}
        </h1>
        {badges}
        {onEdit ? (
          <button type="button" className="btn btn-primary btn-sm" onClick={onEdit}>
            Edit
          </button>
        ) : null}
        {onDelete ? (
          <button type="button" className="btn btn-outline-danger btn-sm" onClick={onDelete}>
            {deleteLabel}
          </button>
        ) : null}
      </div>
      {children}
    </section>
  );
}

export interface DetailsCardProps {
  /** The card's heading (and the id its section is labelled by). */
  title: ReactNode;
  id: string;
  /** Buttons at the right of the heading. */
  actions?: ReactNode;
  /** Fill the card's height in a row of cards. */
  fill?: boolean;
  className?: string;
  /** The card's content: wrap it in a .card-body unless it is a table or a list group. */
  children: ReactNode;
}

/** A card of a details page: a heading (with its buttons) over its content. */
export function DetailsCard({
  title,
  id,
  actions,
  fill = false,
  className,
  children,
}: DetailsCardProps) {
  const classes = ['card', fill ? 'h-100' : '', className ?? ''].filter(Boolean).join(' ');
  return (
    <section className={classes} aria-labelledby={id}>
      <div
        className={`card-header${actions ? ' d-flex align-items-center justify-content-between' : ''}`}
      >
        <h2 id={id} className="fs-6 mb-0 text-break min-w-0">
          {title}
        </h2>
        {actions}
      </div>
      {children}
    </section>
  );
}

/** A term and its description; false or null leaves the pair out. */
export type DefinitionItem = readonly [term: ReactNode, description: ReactNode] | false | null;

/** The record's fields as a definition list in a card body (term left, value right). */
export function DefinitionList({ items }: { items: readonly DefinitionItem[] }) {
  const shown = items.filter((item): item is readonly [ReactNode, ReactNode] => Boolean(item));
  return (
    <div className="card-body">
      <dl className="row mb-0">
        {shown.map(([term, description], i) => (
          <Fragment key={i}>
            <dt className="col-sm-4 text-break">{term}</dt>
            <dd className={`col-sm-8 text-break${i === shown.length - 1 ? ' mb-0' : ''}`}>
              {description}
            </dd>
          </Fragment>
        ))}
      </dl>
    </div>
  );
}
