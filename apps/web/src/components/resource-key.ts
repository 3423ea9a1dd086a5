/**
 * The query key prefix of a resource list: invalidate it after changing that resource. Its own
 * module, so that api files (some loaded with the console's frame) do not pull in the table.
 */
export const resourceKey = (path: string) => ['resource', path] as const;
