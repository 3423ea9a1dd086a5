import { ilike, or, type SQL } from 'drizzle-orm';
import { users } from '../../db/schema';
import { likeText } from '../../platform/sql';

/** Users whose username or real name contains `text` (one search box: the user list, pickers). */
export const userNameContains = (text: string): SQL | undefined =>
  or(ilike(users.username, likeText(text)), ilike(users.realname, likeText(text)));
