import { sharedBlastPageSchema, type SharedBlast } from '@/contract/data/shared-blasts';
import { dataApi } from '@/core/api';

/** POST shared-blasts/list: blasts shared with the caller or any of their organisations. */
export async function getSharedBlasts(signal?: AbortSignal): Promise<SharedBlast[]> {
  const data = await dataApi.post<unknown>(
    'shared-blasts/list',
    { skip: 0, take: 1000 },
    { signal },
  );
  return sharedBlastPageSchema.parse(data).results;
}
