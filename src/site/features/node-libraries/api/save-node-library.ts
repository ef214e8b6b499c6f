import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  nodeLibraryInputSchema,
  nodeLibrarySchema,
  type NodeLibraryInput,
} from '@/contract/data/node-libraries';
import { dataApi } from '@/core/api';
import { librariesPath, NODE_LIBRARIES_KEY, type LibraryScope } from './scope';

export interface SaveNodeLibraryInput {
  scope: LibraryScope;
  /** Absent: create. */
  id?: number;
  input: NodeLibraryInput;
}

/** POST (create) or PUT (replace) a node library in its scope. */
export async function saveNodeLibrary({ scope, id, input }: SaveNodeLibraryInput) {
  const body = nodeLibraryInputSchema.parse(input);
  const path = librariesPath(scope);
  const data =
    id === undefined
      ? await dataApi.post<unknown>(path, body, {
          successMessage: `Node library ${body.name} created`,
        })
      : await dataApi.put<unknown>(`${path}/${id}`, body, {
          successMessage: `Node library ${body.name} saved`,
        });
  return nodeLibrarySchema.parse(data);
}

export function useSaveNodeLibrary() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveNodeLibrary,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [NODE_LIBRARIES_KEY] }),
  });
}
