import { customType, index, pgTable, uuid, varchar } from 'drizzle-orm/pg-core';
import { createdAt, id } from '../../platform/columns';
import { users } from './schema';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  toDriver: (value) => value,
  fromDriver: (value) => Buffer.from(value),
});

/**
 * Avatar images users uploaded (small: AVATAR_MAX_BYTES), served at an address made of the
 * image's random id; a new upload replaces the user's previous one.
 */
export const userAvatars = pgTable(
  'user_avatars',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    mime: varchar('mime', { length: 32 }).notNull(),
    bytes: bytea('bytes').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('user_avatars_user_idx').on(t.userId)],
);
