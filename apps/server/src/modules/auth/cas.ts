import { XMLParser } from 'fast-xml-parser';

const parser = new XMLParser({ removeNSPrefix: true, parseTagValue: false });

/**
 * CAS protocol service validation (CAS 2.0 `/serviceValidate`): returns the authenticated user
 * name, or null when the server refuses the ticket.
 */
export async function validateCasTicket(
  casServerUrl: string,
  ticket: string,
  service: string,
): Promise<string | null> {
  const url = new URL(`${casServerUrl}/serviceValidate`);
  url.searchParams.set('ticket', ticket);
  url.searchParams.set('service', service);
  const response = await fetch(url, { signal: AbortSignal.timeout(10_000) });
  if (!response.ok) return null;
  const doc = parser.parse(await response.text()) as {
    serviceResponse?: { authenticationSuccess?: { user?: unknown } };
  };
  const user = doc.serviceResponse?.authenticationSuccess?.user;
  return typeof user === 'string' && user.trim() ? user.trim() : null;
}
