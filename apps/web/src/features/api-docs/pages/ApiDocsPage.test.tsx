import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { fakeApi, renderWithProviders } from '@/test/fake-api';
import { server } from '@/test/msw';
import type { OpenApiDocument } from '../api/get-openapi';
import ApiDocsPage from './ApiDocsPage';

const envelope = (result: object) => ({
  type: 'object',
  properties: {
    success: { type: 'boolean' },
    message: { type: 'string' },
    code: { type: 'integer' },
    result,
    timestamp: { type: 'integer' },
  },
  required: ['success', 'message', 'code', 'result', 'timestamp'],
});

/** The shape @fastify/swagger writes from the routes' zod schemas. */
const DOC: OpenApiDocument = {
  openapi: '3.1.0',
  info: { title: 'Switchboard API', version: '1' },
  paths: {
    '/api/sys/login': {
      post: {
        summary: 'Sign in with a password',
        tags: ['auth'],
        description: 'Public: no session needed.',
        requestBody: {
          content: {
            'application/json': {
              schema: {
                type: 'object',
                properties: {
                  username: { type: 'string', minLength: 1, maxLength: 64 },
                  password: { type: 'string', maxLength: 256 },
                },
                required: ['username', 'password'],
              },
            },
          },
        },
        responses: {
          '200': {
            content: {
              'application/json': {
                schema: envelope({
                  type: 'object',
                  properties: { token: { type: 'string' } },
                  required: ['token'],
                }),
              },
            },
          },
        },
      },
    },
    '/api/sys/user/list': {
      get: {
        summary: 'Users in the caller’s scope',
        tags: ['user'],
        security: [{ token: [] }],
        'x-permission': 'system:user:list',
        parameters: [
          {
            in: 'query',
            name: 'pageSize',
            required: false,
            schema: { type: 'integer', minimum: 1, maximum: 500 },
          },
        ],
        responses: {},
      },
    },
  },
};

/** The API serving DOC as its OpenAPI document (any other request fails the test). */
function serveDoc() {
  server.use(http.get('*/api/openapi.json', () => HttpResponse.json(DOC)));
}

describe('ApiDocsPage', () => {
  it('lists the calls by module with their access, and shows a call’s fields', async () => {
    serveDoc();
    renderWithProviders(<ApiDocsPage />);
    const auth = await screen.findByTestId('api-docs-group-auth');
    expect(within(auth).getByText('/api/sys/login')).toBeTruthy();
    expect(within(auth).getByText('Public')).toBeTruthy();
    const user = screen.getByTestId('api-docs-group-user');
    expect(within(user).getByText('system:user:list').closest('.ant-tag')?.textContent).toBe(
      'Permission system:user:list',
    );
    expect(screen.getByText('2 calls')).toBeTruthy();

    await userEvent.click(within(auth).getByText('Sign in with a password'));
    expect(await within(auth).findByText('username')).toBeTruthy();
    expect(within(auth).getByText('Request body')).toBeTruthy();
    expect(within(auth).getByText('≥ 1 chars, ≤ 64 chars')).toBeTruthy();
    // The result is what is inside the envelope.
    expect(within(auth).getByText('token')).toBeTruthy();
    expect(within(auth).queryByText('timestamp')).toBeNull();
  });

  it('searches by path, summary or permission', async () => {
    serveDoc();
    renderWithProviders(<ApiDocsPage />);
    await screen.findByTestId('api-docs-group-auth');
    await userEvent.type(screen.getByPlaceholderText('Search by path or summary'), 'system:user');
    expect(screen.queryByTestId('api-docs-group-auth')).toBeNull();
    expect(screen.getByTestId('api-docs-group-user')).toBeTruthy();
    expect(screen.getByText('1 call')).toBeTruthy();
    await userEvent.clear(screen.getByPlaceholderText('Search by path or summary'));
    await userEvent.type(screen.getByPlaceholderText('Search by path or summary'), 'nothing like this');
    expect(screen.getByText('No call matches')).toBeTruthy();
  });

  it('says so when the document cannot be loaded', async () => {
    fakeApi(() => ({
      status: 403,
      errorCode: 'NO_OPERATION_PERMISSION',
      message: 'No operation permission',
    }));
    renderWithProviders(<ApiDocsPage />);
    expect(await screen.findByText('The API documentation could not be loaded')).toBeTruthy();
    expect(screen.getByText('No operation permission')).toBeTruthy();
  });
});
