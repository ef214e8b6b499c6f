import { useMutation, useQueryClient } from '@tanstack/react-query';
import { idResultSchema } from '@/contract/common';
import { dataApi } from '@/core/api';
import { librariesPath, NODE_LIBRARIES_KEY, type LibraryScope } from './scope';

/** DELETE …/node-libraries/{id} in its scope. */
export async function deleteNodeLibrary(
  scope: LibraryScope,
  library: { id: number; name: string },
) {
  const data = await dataApi.delete<unknown>(`${librariesPath(scope)}/${library.id}`, undefined, {
    successMessage: `Node library ${library.name} deleted`,
  });
  return idResultSchema.parse(data);
}

export function useDeleteNodeLibrary() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      scope,
      library,
    }: {
      scope: LibraryScope;
      library: { id: number; name: string };
    }) => deleteNodeLibrary(scope, library),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [NODE_LIBRARIES_KEY] }),
  });
}
