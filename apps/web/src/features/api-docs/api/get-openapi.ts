import { SMS_API_OPENAPI_PATH } from '@switchboard/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** The parts of an OpenAPI 3.1 document the documentation screen reads. */
export interface JsonSchema {
  type?: string | string[];
  format?: string;
  description?: string;
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  pattern?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  $ref?: string;
  additionalProperties?: boolean | JsonSchema;
}

export interface OpenApiParameter {
  in: 'path' | 'query' | 'header' | 'cookie';
  name: string;
  required?: boolean;
  schema?: JsonSchema;
  description?: string;
}

export interface OpenApiOperation {
  summary?: string;
  description?: string;
  tags?: string[];
  parameters?: OpenApiParameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  responses?: Record<string, { description?: string; content?: Record<string, { schema?: JsonSchema }> }>;
  security?: unknown[];
  'x-permission'?: string;
  /** The summary and description in Chinese, where the server has them. */
  'x-summary-zh'?: string;
  'x-description-zh'?: string;
}

/** An operation's summary in the reader's language (English where no Chinese is given). */
export const summaryIn = (operation: OpenApiOperation, locale: string) =>
  (locale === 'zh-CN' ? operation['x-summary-zh'] : undefined) ?? operation.summary;

/** An operation's description in the reader's language (English where no Chinese is given). */
export const descriptionIn = (operation: OpenApiOperation, locale: string) =>
  (locale === 'zh-CN' ? operation['x-description-zh'] : undefined) ?? operation.description;

export interface OpenApiDocument {
  openapi: string;
  info: { title: string; version: string; description?: string };
  paths: Record<string, Record<string, OpenApiOperation>>;
}

export const OPENAPI_PATH = '/openapi.json';

export const openApiQuery = () =>
  queryOptions({
    queryKey: ['apiDocs', 'openapi'],
    queryFn: ({ signal }) => api.document<OpenApiDocument>(OPENAPI_PATH, signal),
    staleTime: 5 * 60_000,
  });

export const useOpenApi = () => useQuery(openApiQuery());

/** The customer HTTP API's own document (public). */
export const customerOpenApiQuery = () =>
  queryOptions({
    queryKey: ['apiDocs', 'customer-openapi'],
    queryFn: ({ signal }) => api.document<OpenApiDocument>(SMS_API_OPENAPI_PATH, signal),
    staleTime: 5 * 60_000,
  });

export const useCustomerOpenApi = () => useQuery(customerOpenApiQuery());
