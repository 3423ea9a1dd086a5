import { and, eq, ne } from 'drizzle-orm';
import { type Db, executor } from '../../platform/db';
import { userAvatars } from './profile-schema';

/** SQL of the avatar images. */
export class ProfileRepo {
  constructor(private readonly db: Db) {}

  /** Stores the user's new image and drops the earlier ones; answers the new image's id. */
  async replaceAvatar(userId: string, mime: string, bytes: Buffer): Promise<string> {
    const [row] = await executor(this.db)
      .insert(userAvatars)
      .values({ userId, mime, bytes })
      .returning({ id: userAvatars.id });
    const id = row!.id;
    await executor(this.db)
      .delete(userAvatars)
      .where(and(eq(userAvatars.userId, userId), ne(userAvatars.id, id)));
    return id;
  }

  async avatar(id: string): Promise<{ mime: string; bytes: Buffer } | undefined> {
    const [row] = await executor(this.db)
      .select({ mime: userAvatars.mime, bytes: userAvatars.bytes })
      .from(userAvatars)
      .where(eq(userAvatars.id, id));
    return row;
  }
}
