import { SEARCH_TEXT_MAX_LENGTH } from '@switchboard/contracts';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '@/test/fake-api';
import {
  RECIPIENTS_PATH,
  recipientKeyword,
  recipientSearchQuery,
  searchRecipients,
} from './search-recipients';

describe('the recipients picker’s search', () => {
  it('sends the typed keyword trimmed and cut to what the server accepts', async () => {
    const api = fakeApi((call) => (call.path === RECIPIENTS_PATH ? { result: [] } : undefined));
    const long = `  ${'x'.repeat(80)}  `;
    await searchRecipients(long);
    await searchRecipients('  Chris  ');
    await searchRecipients('   ');
    const keywords = api.calls.map((c) => c.query.get('keyword'));
    expect(keywords).toEqual(['x'.repeat(SEARCH_TEXT_MAX_LENGTH), 'Chris', null]);
  });

  it('asks again only when what is sent changes', () => {
    const at = 'x'.repeat(SEARCH_TEXT_MAX_LENGTH);
    expect(recipientKeyword(`${at}yz`)).toBe(at);
    expect(recipientSearchQuery(`${at}yz`).queryKey).toEqual(recipientSearchQuery(` ${at} `).queryKey);
  });
});
