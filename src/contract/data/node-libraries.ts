import { z } from 'zod';
import { dataIdSchema } from './ids';
import { pagedResultsSchema } from '../envelope';
import { dateTimeSchema } from '../common';
import { defineListColumns, listContract } from '../lists';

export const orgLibraryParamsSchema = z.object({ orgId: dataIdSchema, libraryId: dataIdSchema });
export const siteLibraryParamsSchema = z.object({
  orgId: dataIdSchema,
  siteId: dataIdSchema,
  libraryId: dataIdSchema,
});

export const nodeSchema = z.object({
  name: z.string(),
  type: z.string(),
  description: z.string().nullable(),
});
export type LibraryNode = z.infer<typeof nodeSchema>;

export const nodeLibraryListItemSchema = z.object({
  id: z.number().int(),
  orgId: z.number().int(),
  /** null: organisation-wide; else the site it belongs to. */
  siteId: z.number().int().nullable(),
  name: z.string(),
  version: z.string(),
  description: z.string().nullable(),
  nodeCount: z.number().int(),
  updatedAt: dateTimeSchema,
});
export type NodeLibraryListItem = z.infer<typeof nodeLibraryListItemSchema>;
export const nodeLibraryPageSchema = pagedResultsSchema(nodeLibraryListItemSchema);

export const nodeLibrarySchema = nodeLibraryListItemSchema.extend({ nodes: z.array(nodeSchema) });
export type NodeLibrary = z.infer<typeof nodeLibrarySchema>;

/**
 * POST .../node-libraries/list: the Node Libraries table's columns; `scope` as shown
 * (Organisation, Site). A site's list may include the organisation-wide libraries.
 */
export const nodeLibraryColumns = defineListColumns({
  id: { kind: 'number' },
  name: { kind: 'text' },
  version: { kind: 'text' },
  description: { kind: 'text' },
  nodeCount: { kind: 'number' },
  scope: { kind: 'select', values: ['Organization', 'Site'] },
  updatedAt: { kind: 'date' },
});
export const nodeLibraryList = listContract(nodeLibraryColumns, {
  includeOrgLibraries: z.boolean().optional(),
});
export const nodeLibraryListRequestSchema = nodeLibraryList.request;

export const nodeInputSchema = z.object({
  name: z.string().trim().min(1, 'Mandatory field').max(200),
  type: z.string().trim().min(1, 'Mandatory field').max(50),
  description: z.string().trim().max(1000).nullable().optional(),
});

/** POST (create) and PUT (edit, a full replacement) of a node library. */
export const nodeLibraryInputSchema = z.object({
  name: z.string().trim().min(1, 'Mandatory field').max(200),
  version: z
    .string()
    .trim()
    .min(1, 'Mandatory field')
    .max(50)
    .regex(/^[0-9A-Za-z][0-9A-Za-z.+-]*$/, 'Use a version such as 1.2.0'),
  description: z.string().trim().max(2000).nullable().optional(),
  nodes: z.array(nodeInputSchema).max(1000).default([]),
});
export type NodeLibraryInput = z.input<typeof nodeLibraryInputSchema>;
