/** A LIKE pattern matching `value` anywhere, with its own % _ and \ taken literally ("50%" finds "50%"). */
export const likeText = (value: string) => `%${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
