import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';

const ISSUER = 'Switchboard';

export function newTotpSecret(): string {
  return generateSecret();
}

export async function totpSetup(secret: string, username: string) {
  const otpauthUri = generateURI({ issuer: ISSUER, label: username, secret });
  return { secret, otpauthUri, qrCode: await QRCode.toDataURL(otpauthUri) };
}

/**
 * Checks a code with one step of clock drift either way. Returns the time step it matched, or
 * null. Steps at or before `afterStep` are refused, so a code is not accepted twice.
 */
export async function checkTotp(
  secret: string,
  code: string,
  afterStep: number | null,
): Promise<number | null> {
  if (!/^\d{6}$/.test(code)) return null;
  const result = await verify({
    secret,
    token: code,
    epochTolerance: 30,
    ...(afterStep !== null ? { afterTimeStep: afterStep } : {}),
  });
  return result.valid && 'timeStep' in result ? result.timeStep : null;
}
