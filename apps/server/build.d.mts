/** Builds `dist/main.mjs` (see build.mjs) and answers its path. */
export function buildServer(): Promise<string>;
