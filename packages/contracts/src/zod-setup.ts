import { z } from 'zod';

/**
 * Issue messages that no schema sets itself: a missing value is FIELD_REQUIRED and a value of
 * the wrong type FIELD_INVALID_TYPE, for every schema in web and server alike.
 *
 * Applied when this module loads (the contracts' index imports it) and again by `configureZod()`,
 * which the console's entry calls: a bundler may drop an import kept only for its side effect
 * (the console's production build did, and every empty required field then said "has the wrong
 * type"), never a call.
 */
export function configureZod(): void {
  z.config({
    customError: (issue) => {
      if (issue.input === undefined || issue.input === null) return 'FIELD_REQUIRED';
      if (issue.code === 'invalid_type') return 'FIELD_INVALID_TYPE';
      return undefined;
    },
  });
}

configureZod();
