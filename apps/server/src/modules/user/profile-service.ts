import {
  API_PREFIX,
  AVATAR_MAX_BYTES,
  type ErrorCode,
  type GoogleAuthUnbindPayload,
  type Profile,
  type profileUpdateSchema,
} from '@switchboard/contracts';
import { type CountryCode, parsePhoneNumberFromString } from 'libphonenumber-js';
import type { z } from 'zod';
import type { AuthContext, ClientInfo } from '../../platform/access';
import { type Db, uniqueViolationOf, withTransaction } from '../../platform/db';
import { AppError } from '../../platform/envelope';
import type { Logger } from '../../platform/logger';
import type { Services } from '../../platform/module';
import { verifyPassword } from '../../platform/passwords';
import { ProfileRepo } from './profile-repo';
import type { UserRow } from './repo';

/** A refusal of a profile change, with the fields it concerns. */
export class ProfileRefused extends AppError {
  constructor(
    code: ErrorCode,
    readonly problems: { field: string; code: ErrorCode }[],
  ) {
    super(code, 400);
  }
}

const UNIQUE: Record<string, { field: string; code: ErrorCode }> = {
  users_phone_uq: { field: 'phone', code: 'PHONE_EXISTS' },
  users_email_lower_uq: { field: 'email', code: 'EMAIL_EXISTS' },
};

/** The image type of a file by its first bytes (never by its name), or null. */
export function imageTypeOf(bytes: Buffer): string | null {
  if (
    bytes.length >= 8 &&
    bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
  )
    return 'image/png';
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (bytes.length >= 6 && /^GIF8[79]a$/.test(bytes.subarray(0, 6).toString('latin1'))) return 'image/gif';
  if (
    bytes.length >= 12 &&
    bytes.subarray(0, 4).toString('latin1') === 'RIFF' &&
    bytes.subarray(8, 12).toString('latin1') === 'WEBP'
  )
    return 'image/webp';
  return null;
}

/** Where an avatar image is served. */
export const avatarUrl = (id: string) => `${API_PREFIX}/sys/user/avatar/${id}`;

/** The sign-in guard's proof that a caller is who they say (the auth module plugs its own in). */
export interface IdentityProof {
  consumeTotp(user: UserRow, code: string): Promise<boolean>;
  proveIdentity(
    username: string,
    client: ClientInfo,
    method: 'googleAuthUnbind',
    check: () => Promise<boolean>,
    error: AppError,
    userId?: string,
  ): Promise<void>;
}

/** My account: the signed-in user's own name, avatar, phone, e-mail and Google Authenticator. */
export class ProfileService {
  private readonly repo: ProfileRepo;

  constructor(
    private readonly db: Db,
    private readonly services: Pick<Services, 'users'>,
    private readonly log: Logger,
  ) {
    this.repo = new ProfileRepo(db);
  }

  private proof?: IdentityProof;

  /** Plugs in the sign-in guard (the auth module, at start). */
  useIdentityProof(proof: IdentityProof) {
    this.proof = proof;
  }

  private get identity(): IdentityProof {
    if (!this.proof)
      throw new Error('no identity proof plugged into the profile service (the auth module does)');
    return this.proof;
  }

  private async self(auth: AuthContext): Promise<UserRow> {
    const user = await this.services.users.findById(auth.user.id);
    if (!user) throw new AppError('NO_LOGGED_IN_USER', 400);
    return user;
  }

  static present(user: UserRow): Profile {
    return {
      id: user.id,
      username: user.username,
      realname: user.realname,
      avatar: user.avatar,
      phone: user.phone,
      email: user.email,
      googleAuthBound: user.totpSecret !== null,
    };
  }

  async get(auth: AuthContext): Promise<Profile> {
    return ProfileService.present(await this.self(auth));
  }

  /** Changes the caller's name, phone and e-mail; answers the profile before and after. */
  async update(
    auth: AuthContext,
    input: z.output<typeof profileUpdateSchema>,
  ): Promise<{ before: Profile; after: Profile }> {
    const user = await this.self(auth);
    let phone: string | null = null;
    if (input.phone) {
      const parsed = parsePhoneNumberFromString(input.phone, input.country as CountryCode | undefined);
      if (!parsed?.isValid())
        throw new ProfileRefused('VALIDATION_FAILED', [{ field: 'phone', code: 'PHONE_INVALID' }]);
      phone = parsed.number;
    }
    const email = input.email ?? null;
    const [phoneTaken, emailTaken] = await Promise.all([
      phone ? this.services.users.isTaken('phone', phone, user.id) : false,
      email ? this.services.users.isTaken('email', email, user.id) : false,
    ]);
    const problems = [
      ...(phoneTaken ? [UNIQUE.users_phone_uq!] : []),
      ...(emailTaken ? [UNIQUE.users_email_lower_uq!] : []),
    ];
    if (problems.length > 0) throw new ProfileRefused('VALIDATION_FAILED', problems);
    try {
      const row = await this.services.users.update(user.id, { realname: input.realname, phone, email });
      if (!row) throw new AppError('NO_LOGGED_IN_USER', 400);
      return { before: ProfileService.present(user), after: ProfileService.present(row) };
    } catch (error) {
      // Another account took the phone or e-mail after the checks above.
      const conflict = UNIQUE[uniqueViolationOf(error) ?? ''];
      if (conflict) throw new ProfileRefused('VALIDATION_FAILED', [conflict]);
      throw error;
    }
  }

  /** Stores a new avatar image (type by its bytes, at most AVATAR_MAX_BYTES) and points the user at it. */
  async setAvatar(auth: AuthContext, bytes: Buffer): Promise<{ before: Profile; after: Profile }> {
    if (bytes.length > AVATAR_MAX_BYTES)
      throw new AppError('AVATAR_TOO_LARGE', 413, { max: AVATAR_MAX_BYTES / 1024 });
    const mime = imageTypeOf(bytes);
    if (!mime) throw new AppError('AVATAR_TYPE_INVALID', 400);
    const user = await this.self(auth);
    const row = await withTransaction(
      this.db,
      async () => {
        const id = await this.repo.replaceAvatar(user.id, mime, bytes);
        return this.services.users.update(user.id, { avatar: avatarUrl(id) });
      },
      this.log,
    );
    if (!row) throw new AppError('NO_LOGGED_IN_USER', 400);
    return { before: ProfileService.present(user), after: ProfileService.present(row) };
  }

  avatar(id: string) {
    return this.repo.avatar(id);
  }

  /**
   * Unbinds Google Authenticator once the caller proves it is them: the password or a current
   * code, under the sign-in guard (wrong answers count like failed sign-ins, then pause).
   */
  async unbindTotp(auth: AuthContext, proof: GoogleAuthUnbindPayload, client: ClientInfo) {
    const user = await this.self(auth);
    if (!user.totpSecret) throw new AppError('TOTP_NOT_BOUND', 409);
    const check = proof.code
      ? () => this.identity.consumeTotp(user, proof.code!)
      : async () => Boolean(proof.password) && verifyPassword(proof.password!, user.passwordHash);
    await this.identity.proveIdentity(
      user.username,
      client,
      'googleAuthUnbind',
      check,
      new AppError(proof.code ? 'GOOGLE_CODE_INVALID' : 'PASSWORD_WRONG', 400),
      user.id,
    );
    await this.services.users.update(user.id, {
      totpSecret: null,
      totpPendingSecret: null,
      totpLastStep: null,
    });
  }
}
