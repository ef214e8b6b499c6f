import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';

export interface EntityMutationOptions<TInput, TResult> {
  /** The leading keys of every query the change touches; refetched after it succeeds. */
  invalidates: readonly QueryKey[];
  /** Before the refetch (a toast of what was done). */
  onSuccess?: (result: TResult, input: TInput) => void;
}

/**
 * A write of an entity (src/{portal}/entities): runs it, says what was done, and invalidates
 * the queries it changed by their leading keys (CONVENTIONS.md: mutations invalidate by the
 * matching query options' key). Never retried on its own.
 */
export function useEntityMutation<TInput, TResult>(
  mutationFn: (input: TInput) => Promise<TResult>,
  { invalidates, onSuccess }: EntityMutationOptions<TInput, TResult>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: async (result: TResult, input: TInput) => {
      onSuccess?.(result, input);
      await Promise.all(invalidates.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    },
  });
}
