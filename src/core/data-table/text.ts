/** SPEC §2 / §8 texts, verbatim. */
export const TABLE_TEXT = {
  loading: 'Loading Data...',
  error: "Error: Something's gone wrong!",
  empty: 'No data found',
  searchPlaceholder: (count: number) => `Search ${count} records...`,
} as const;
