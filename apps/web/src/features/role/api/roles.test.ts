import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '@/test/msw';
import { isRoleCodeFree } from './roles';

const answer = (status: number, body: Record<string, unknown>) =>
  HttpResponse.json({ code: status, success: status < 400, message: '', result: null, ...body }, { status });

/** The API answering every call with `response`, recording the URLs asked for. */
function stubFetch(response: () => Response | Promise<Response>) {
  const urls: string[] = [];
  server.use(
    http.all('*', ({ request }) => {
      urls.push(request.url);
      return response();
    }),
  );
  return urls;
}

describe('isRoleCodeFree', () => {
  it('is free when the server says so, and names the role being edited', async () => {
    const urls = stubFetch(() => answer(200, {}));
    expect(await isRoleCodeFree('ops', 'f0b5c0de-0000-4000-8000-000000000001')).toBe(true);
    expect(urls[0]).toContain('/api/sys/role/checkRoleCode?');
    expect(urls[0]).toContain('roleCode=ops');
    expect(urls[0]).toContain('id=f0b5c0de-0000-4000-8000-000000000001');
  });

  it('is taken only when the server answers ROLE_CODE_TAKEN', async () => {
    stubFetch(() =>
      answer(409, { errorCode: 'ROLE_CODE_TAKEN', message: 'The role code ops exists already' }),
    );
    expect(await isRoleCodeFree('ops')).toBe(false);
  });

  it('lets the form go on when the check itself fails (the server checks again on save)', async () => {
    stubFetch(() => answer(500, { errorCode: 'INTERNAL_ERROR' }));
    expect(await isRoleCodeFree('ops')).toBe(true);
    stubFetch(() => HttpResponse.error());
    expect(await isRoleCodeFree('ops')).toBe(true);
  });
});
