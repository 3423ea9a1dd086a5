/** Builds `dist/main.mjs` (see build.mjs) and answers its path. */
export function buildServer(): Promise<string>;
/** The Node flags the server runs with: its heap limit (SERVER_HEAP_MB, default 1,536 MB). */
export function serverNodeArgs(env?: NodeJS.ProcessEnv): string[];
/** Runs the built server in a child process with its flags, passing signals on; exits with it. */
export function runServer(
  main: string,
  options?: import('node:child_process').SpawnOptions,
): import('node:child_process').ChildProcess;
