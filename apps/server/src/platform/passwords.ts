import { randomBytes, scrypt as scryptCb, timingSafeEqual } from 'node:crypto';

const KEY_LENGTH = 32;
/** scrypt's block size: with N = 2^cost, one hash takes 128 · r · N bytes (16 MiB at cost 14). */
const BLOCK_SIZE = 8;
/** The cost (log2 of scrypt's N) of a hash that does not name one: Node's default, N = 16384. */
export const DEFAULT_PASSWORD_HASH_COST = 14;
/** Costs a stored hash may name (a hash is data: it may not ask for gigabytes). */
const MIN_COST = 4;
const MAX_COST = 20;

/**
 * The cost new hashes are made with (PASSWORD_HASH_COST, set by the core at start). A stored hash
 * keeps the cost it was made with, so changing it never locks anyone out.
 */
let hashCost = DEFAULT_PASSWORD_HASH_COST;

export const passwordHashCost = (): number => hashCost;

export function setPasswordHashCost(cost: number): void {
  if (!Number.isInteger(cost) || cost < MIN_COST || cost > MAX_COST) {
    throw new Error(`password hash cost must be an integer from ${MIN_COST} to ${MAX_COST}, not ${cost}`);
  }
  hashCost = cost;
}

function scrypt(password: string, salt: Buffer, keylen: number, cost: number): Promise<Buffer> {
  const N = 2 ** cost;
  return new Promise((resolve, reject) =>
    scryptCb(
      password,
      salt,
      keylen,
      { N, r: BLOCK_SIZE, p: 1, maxmem: 2 * 128 * BLOCK_SIZE * N },
      (error, key) => (error ? reject(error) : resolve(key)),
    ),
  );
}

/**
 * scrypt with a random salt, stored as `scrypt$<salt>$<hash>` (base64url) at the default cost, and
 * as `scrypt$ln=<cost>$<salt>$<hash>` at any other.
 */
export async function hashPassword(password: string, cost = hashCost): Promise<string> {
  const salt = randomBytes(16);
  const hash = await scrypt(password, salt, KEY_LENGTH, cost);
  const params = cost === DEFAULT_PASSWORD_HASH_COST ? '' : `ln=${cost}$`;
  return `scrypt$${params}${salt.toString('base64url')}$${hash.toString('base64url')}`;
}

/** The cost, salt and hash of a stored hash, or undefined for anything else. */
function parseHash(stored: string): { cost: number; salt: string; hash: string } | undefined {
  const parts = stored.split('$');
  if (parts[0] !== 'scrypt') return undefined;
  if (parts.length === 3) return { cost: DEFAULT_PASSWORD_HASH_COST, salt: parts[1]!, hash: parts[2]! };
  const cost = Number(/^ln=(\d{1,2})$/.exec(parts[1] ?? '')?.[1]);
  if (parts.length !== 4 || !(cost >= MIN_COST && cost <= MAX_COST)) return undefined;
  return { cost, salt: parts[2]!, hash: parts[3]! };
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parseHash(stored);
  if (!parsed?.salt || !parsed.hash) return false;
  const expected = Buffer.from(parsed.hash, 'base64url');
  if (expected.length === 0) return false;
  const actual = await scrypt(password, Buffer.from(parsed.salt, 'base64url'), expected.length, parsed.cost);
  return timingSafeEqual(actual, expected);
}

/**
 * A hash no password opens, at the cost new hashes are made with: checked against when a sign-in
 * names nobody, so that answer takes as long as a wrong password.
 */
export function unmatchableHash(): string {
  const params = hashCost === DEFAULT_PASSWORD_HASH_COST ? '' : `ln=${hashCost}$`;
  return `scrypt$${params}AAAAAAAAAAAAAAAAAAAAAA$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA`;
}

/** A readable random password for a first administrator. */
export function generatePassword(): string {
  const raw = randomBytes(12).toString('base64url').replace(/[-_]/g, '');
  return `Sb${raw.slice(0, 10)}9a`;
}
