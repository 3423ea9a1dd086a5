/** scrypt with a random salt, stored as `scrypt$<salt>$<hash>` (base64url). */
export declare function hashPassword(password: string): Promise<string>;
export declare function verifyPassword(password: string, stored: string): Promise<boolean>;
/** A readable random password for a first administrator. */
export declare function generatePassword(): string;
