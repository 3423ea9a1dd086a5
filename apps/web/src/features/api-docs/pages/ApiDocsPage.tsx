import { DownloadOutlined } from '@ant-design/icons';
import type { UseQueryResult } from '@tanstack/react-query';
import { Alert, Button, Card, Collapse, Empty, Flex, Input, Space, Tag, Typography } from 'antd';
import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '@/components/DataTable';
import { formatNumber } from '@/lib/format';
import { useLocale } from '@/lib/i18n';
import {
  descriptionIn,
  type JsonSchema,
  type OpenApiDocument,
  type OpenApiOperation,
  type OpenApiParameter,
  summaryIn,
  useOpenApi,
} from '../api/get-openapi';

const METHOD_COLORS: Record<string, string> = {
  get: 'blue',
  post: 'green',
  put: 'orange',
  delete: 'red',
  patch: 'purple',
};

interface Entry {
  method: string;
  path: string;
  operation: OpenApiOperation;
}

/** The JSON schema of an answer's `result`: what is inside the envelope. */
function resultSchema(operation: OpenApiOperation): JsonSchema | undefined {
  const ok = operation.responses?.['200']?.content?.['application/json']?.schema;
  return ok?.properties?.result;
}

function typeOf(schema: JsonSchema): string {
  if (schema.$ref) return 'object';
  if (schema.enum) return schema.enum.map((v) => JSON.stringify(v)).join(' | ');
  if (schema.const !== undefined) return JSON.stringify(schema.const);
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants) return variants.map(typeOf).join(' | ');
  const type = Array.isArray(schema.type) ? schema.type.join(' | ') : (schema.type ?? 'any');
  if (type === 'array' && schema.items) return `${typeOf(schema.items)}[]`;
  return schema.format ? `${type} (${schema.format})` : type;
}

function rulesOf(schema: JsonSchema): string {
  const rules: string[] = [];
  if (schema.minLength !== undefined) rules.push(`≥ ${schema.minLength} chars`);
  if (schema.maxLength !== undefined) rules.push(`≤ ${formatNumber(schema.maxLength)} chars`);
  if (schema.minimum !== undefined) rules.push(`≥ ${formatNumber(schema.minimum)}`);
  if (schema.maximum !== undefined) rules.push(`≤ ${formatNumber(schema.maximum)}`);
  if (schema.pattern) rules.push(`/${schema.pattern}/`);
  if (schema.default !== undefined) rules.push(`= ${JSON.stringify(schema.default)}`);
  return rules.join(', ');
}

/** Properties of an object schema, also through allOf (zod's `.and`) and nullable variants. */
function propertiesOf(schema: JsonSchema): { properties: Record<string, JsonSchema>; required: Set<string> } {
  const properties: Record<string, JsonSchema> = { ...schema.properties };
  const required = new Set(schema.required ?? []);
  for (const part of [...(schema.allOf ?? []), ...(schema.anyOf ?? []).filter((v) => v.type !== 'null')]) {
    const inner = propertiesOf(part);
    Object.assign(properties, inner.properties);
    for (const name of inner.required) required.add(name);
  }
  if (schema.items) return propertiesOf(schema.items);
  return { properties, required };
}

/** A schema as a tree of fields: name, type, required, rules; nested objects indented. */
function SchemaFields({ schema, depth = 0 }: { schema: JsonSchema; depth?: number }) {
  const { t } = useTranslation('apiDocs');
  const { properties, required } = propertiesOf(schema);
  const names = Object.keys(properties);
  if (names.length === 0) {
    return <Typography.Text code>{schema.$ref ? t('recursive') : typeOf(schema)}</Typography.Text>;
  }
  return (
    <div style={{ paddingLeft: depth ? 16 : 0 }} className="sb-api-schema">
      {names.map((name) => {
        const field = properties[name] ?? {};
        const nested = propertiesOf(field);
        return (
          <div key={name}>
            <Space size={6} wrap>
              <Typography.Text code strong>
                {name}
              </Typography.Text>
              <Typography.Text type="secondary">
                {field.$ref ? t('recursive') : typeOf(field)}
              </Typography.Text>
              {required.has(name) ? <Tag color="red">{t('required')}</Tag> : null}
              {rulesOf(field) ? <Typography.Text type="secondary">{rulesOf(field)}</Typography.Text> : null}
            </Space>
            {Object.keys(nested.properties).length > 0 && depth < 6 ? (
              <SchemaFields schema={field} depth={depth + 1} />
            ) : null}
          </div>
        );
      })}
    </div>
  );
}

function AccessTag({ operation }: { operation: OpenApiOperation }) {
  const { t } = useTranslation('apiDocs');
  const permission = operation['x-permission'];
  if (permission)
    return (
      <Tag color="gold">
        {t('access.permission')} <code>{permission}</code>
      </Tag>
    );
  if (operation.security?.some((s) => typeof s === 'object' && s !== null && 'basicAuth' in s)) {
    return <Tag color="purple">{t('access.basic')}</Tag>;
  }
  if (operation.security?.length) return <Tag color="geekblue">{t('access.user')}</Tag>;
  return <Tag>{t('access.public')}</Tag>;
}

function Parameters({ parameters }: { parameters: OpenApiParameter[] }) {
  const { t } = useTranslation('apiDocs');
  return (
    <DataTable<OpenApiParameter>
      size="small"
      pagination={false}
      rowKey={(p) => `${p.in}:${p.name}`}
      dataSource={parameters}
      scroll={{ x: 'max-content' }}
      columns={[
        {
          title: t('name'),
          dataIndex: 'name',
          render: (name: string) => <Typography.Text code>{name}</Typography.Text>,
        },
        { title: t('in'), dataIndex: 'in' },
        { title: t('type'), render: (_: unknown, p) => (p.schema ? typeOf(p.schema) : '') },
        {
          title: t('required'),
          render: (_: unknown, p) => (p.required ? <Tag color="red">{t('required')}</Tag> : t('optional')),
        },
        { title: t('rules'), render: (_: unknown, p) => (p.schema ? rulesOf(p.schema) : '') },
      ]}
    />
  );
}

function OperationDetails({ entry }: { entry: Entry }) {
  const { t } = useTranslation('apiDocs');
  const locale = useLocale();
  const { operation } = entry;
  const parameters = operation.parameters ?? [];
  const body = operation.requestBody?.content?.['application/json']?.schema;
  const result = resultSchema(operation);
  const sections: { title: string; content: ReactNode }[] = [];
  if (parameters.length)
    sections.push({ title: t('parameters'), content: <Parameters parameters={parameters} /> });
  if (body) sections.push({ title: t('body'), content: <SchemaFields schema={body} /> });
  if (result) sections.push({ title: t('result'), content: <SchemaFields schema={result} /> });
  return (
    <Flex vertical gap={12}>
      {operation.description ? (
        <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', margin: 0 }}>
          {descriptionIn(operation, locale)}
        </Typography.Paragraph>
      ) : null}
      {sections.length === 0 ? <Typography.Text type="secondary">{t('noParameters')}</Typography.Text> : null}
      {sections.map((section) => (
        <div key={section.title}>
          <Typography.Title level={5}>{section.title}</Typography.Title>
          {section.content}
        </div>
      ))}
    </Flex>
  );
}

function download(doc: unknown, filename: string) {
  const url = URL.createObjectURL(new Blob([JSON.stringify(doc, null, 2)], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.click();
  URL.revokeObjectURL(url);
}

export interface ApiDocsViewProps {
  doc: UseQueryResult<OpenApiDocument, Error>;
  title: string;
  intro: string;
  filename: string;
  /** What comes before the calls (the customer API's getting started). */
  header?: ReactNode;
  testId?: string;
}

/** An OpenAPI document by group (its tags), searchable, downloadable. */
export function ApiDocsView({ doc, title, intro, filename, header, testId = 'api-docs' }: ApiDocsViewProps) {
  const { t } = useTranslation('apiDocs');
  const locale = useLocale();
  const [search, setSearch] = useState('');
  const groups = useMemo(() => {
    const byTag = new Map<string, Entry[]>();
    const needle = search.trim().toLowerCase();
    for (const [path, operations] of Object.entries(doc.data?.paths ?? {})) {
      for (const [method, operation] of Object.entries(operations)) {
        const text =
          `${path} ${operation.summary ?? ''} ${operation['x-summary-zh'] ?? ''} ${operation['x-permission'] ?? ''}`.toLowerCase();
        if (needle && !text.includes(needle)) continue;
        const tag = operation.tags?.[0] ?? 'other';
        byTag.set(tag, [...(byTag.get(tag) ?? []), { method, path, operation }]);
      }
    }
    return [...byTag.entries()].sort(([a], [b]) => a.localeCompare(b));
  }, [doc.data, search]);
  const total = groups.reduce((n, [, entries]) => n + entries.length, 0);

  if (doc.isError)
    return <Alert type="error" showIcon title={t('loadFailed')} description={doc.error.message} />;
  return (
    <Card
      title={title}
      loading={doc.isPending}
      extra={
        <Button
          icon={<DownloadOutlined />}
          onClick={() => download(doc.data, filename)}
          data-testid="api-docs-download"
        >
          {t('download')}
        </Button>
      }
      data-testid={testId}
    >
      <Flex vertical gap={16}>
        <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
          {intro}
        </Typography.Paragraph>
        {header}
        <Flex gap={12} wrap align="center">
          <Input.Search
            allowClear
            placeholder={t('search')}
            style={{ maxWidth: 360 }}
            onChange={(e) => setSearch(e.target.value)}
            data-testid="api-docs-search"
          />
          <Typography.Text type="secondary">{t('operations', { count: total })}</Typography.Text>
        </Flex>
        {total === 0 && !doc.isPending ? <Empty description={t('empty')} /> : null}
        {groups.map(([tag, entries]) => (
          <div key={tag} data-testid={`api-docs-group-${tag}`}>
            <Typography.Title level={4}>{t(`tags.${tag}`, { defaultValue: tag })}</Typography.Title>
            <Collapse
              size="small"
              items={entries.map((entry) => ({
                key: `${entry.method} ${entry.path}`,
                label: (
                  <Space size={8} wrap>
                    <Tag color={METHOD_COLORS[entry.method]} style={{ minWidth: 56, textAlign: 'center' }}>
                      {entry.method.toUpperCase()}
                    </Tag>
                    <Typography.Text code>{entry.path}</Typography.Text>
                    <Typography.Text>{summaryIn(entry.operation, locale)}</Typography.Text>
                    <AccessTag operation={entry.operation} />
                  </Space>
                ),
                children: <OperationDetails entry={entry} />,
              }))}
            />
          </div>
        ))}
      </Flex>
    </Card>
  );
}

/** Staff's API documentation: the server's OpenAPI document, by module, searchable. */
export default function ApiDocsPage() {
  const { t } = useTranslation('apiDocs');
  const doc = useOpenApi();
  return <ApiDocsView doc={doc} title={t('title')} intro={t('intro')} filename="switchboard-openapi.json" />;
}
