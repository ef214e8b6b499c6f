import { queryOptions, useQuery } from '@tanstack/react-query';
import { blastLocationSchema, type BlastLocation } from '@/contract/data/blasts';
import { dataApi } from '@/core/api';

/** GET blasts/{blastId}/locate: the blast's organisation and site, or null when not visible. */
export async function locateBlast(blastId: number): Promise<BlastLocation | null> {
  const result = await dataApi.get<unknown>(`blasts/${blastId}/locate`, undefined, {
    handleErrorManually: true,
  });
  if (!result.inError) return blastLocationSchema.parse(result.data);
  if (result.status === 404 || result.status === 400) return null;
  throw new Error(result.message);
}

export const locateBlastQueryOptions = (blastId: number) =>
  queryOptions({
    queryKey: ['blast-locate', blastId],
    queryFn: () => locateBlast(blastId),
    enabled: Number.isInteger(blastId) && blastId > 0,
    retry: false,
  });

export const useLocateBlast = (blastId: number) => useQuery(locateBlastQueryOptions(blastId));
