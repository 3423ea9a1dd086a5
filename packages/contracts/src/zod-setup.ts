import { z } from 'zod';

/**
 * Issue messages that no schema sets itself: a missing value is FIELD_REQUIRED and a value of
 * the wrong type FIELD_INVALID_TYPE, for every schema in web and server alike.
 */
z.config({
  customError: (issue) => {
    if (issue.input === undefined || issue.input === null) return 'FIELD_REQUIRED';
    if (issue.code === 'invalid_type') return 'FIELD_INVALID_TYPE';
    return undefined;
  },
});
