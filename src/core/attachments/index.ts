/** A record's attached files as a data table with Download (issue 17). */
export { AttachmentsTable } from './attachments-table';
export type { Attachment, AttachmentsTableProps } from './attachments-table';
