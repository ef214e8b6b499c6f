import { queryOptions, type QueryKey } from '@tanstack/react-query';
import { z } from 'zod';
import {
  customDataInputSchema,
  customDataRecordSchema,
  idResultSchema,
  type CustomDataRecord as StoredRecord,
} from '@/contract/common';
import { parseInput, type ApiClient } from '@/core/api';
import { notify } from '@/core/notify';
import { queryPresets, useEntityMutation } from '@/core/query';
import type { CustomDataRecord } from './codec';
import type { CustomDataRecordsPanelProps } from './custom-data-records-panel';

/**
 * The custom data records of an owner (an organisation, an offering) behind one REST base:
 * GET {base} lists them, POST {base} adds one, PUT and DELETE {base}/{id} change one.
 */
export async function getCustomDataRecords(
  api: ApiClient,
  base: string,
  signal?: AbortSignal,
): Promise<StoredRecord[]> {
  // Stryker disable next-line ObjectLiteral: a cancelled list request (its screen closed) only lands in the cache: no user sees it
  const data = await api.get<unknown>(base, undefined, { signal });
  return z.array(customDataRecordSchema).parse(data);
}

/** The records of one owner, keyed by its base under the owner's leading key. */
export const customDataQueryOptions = (api: ApiClient, base: string, ownerKey: QueryKey) =>
  queryOptions({
    ...queryPresets.records,
    // Stryker disable next-line StringLiteral: the base alone keeps the key apart; refetches go by the owner's key
    queryKey: [...ownerKey, 'custom-data', base],
    queryFn: ({ signal }) => getCustomDataRecords(api, base, signal),
  });

/** The editor's record as the API's input (the editor's temporary id of a new record is dropped). */
const inputOf = (record: CustomDataRecord) =>
  parseInput(customDataInputSchema, {
    name: record.name,
    description: record.description ?? null,
    executionPriority: Number(record.executionPriority),
    data: record.data,
  });

/**
 * Save and delete for CustomDataRecordsPanel: the request, a toast of what was done, and a
 * refetch of the owner's queries (`invalidates`). A refusal keeps the editor open with its
 * message.
 */
export function useCustomDataHandlers(
  api: ApiClient,
  base: string,
  invalidates: readonly QueryKey[],
): Pick<CustomDataRecordsPanelProps, 'onSave' | 'onDelete'> {
  const save = useEntityMutation(
    async ({ record, isNew }: { record: CustomDataRecord; isNew: boolean }) => {
      const body = inputOf(record);
      const data = isNew
        ? await api.post<unknown>(base, body)
        : await api.put<unknown>(`${base}/${record.id}`, body);
      return customDataRecordSchema.parse(data);
    },
    {
      invalidates,
      onSuccess: (saved, { isNew }) =>
        notify.success(`Custom data '${saved.name}' ${isNew ? 'added' : 'saved'}`),
    },
  );
  const remove = useEntityMutation(
    async (record: CustomDataRecord) =>
      idResultSchema.parse(await api.delete<unknown>(`${base}/${record.id}`)).id,
    {
      invalidates,
      onSuccess: (_id, record) => notify.success(`Custom data '${record.name}' deleted`),
    },
  );
  return {
    onSave: async (record, meta) => {
      await save.mutateAsync({ record, isNew: meta.isNew });
    },
    onDelete: async (record) => {
      await remove.mutateAsync(record);
    },
  };
}
