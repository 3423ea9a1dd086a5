import { Col, Form, Input, InputNumber, Switch } from 'antd';
import type { ReactNode } from 'react';
import type { EntityForm } from './use-entity-form';

type Rule = ReturnType<EntityForm<object>['rule']>;

/** A field of a two-column form (a Row of these): half the width, the whole on a phone. */
export const HALF_COLUMN = { xs: 24, sm: 12 } as const;

/** An add/edit form's Enabled switch (the field `enabled`). */
export function EnabledItem({ label, extra, testId }: { label: string; extra?: ReactNode; testId?: string }) {
  return (
    <Form.Item name="enabled" label={label} valuePropName="checked" extra={extra}>
      <Switch data-testid={testId} />
    </Form.Item>
  );
}

/**
 * An add/edit form's remark (the field `remark`): at most 255 characters, checked by the entity
 * form's rule; `multiline` for a text area that grows to four lines.
 */
export function RemarkItem({
  label,
  rule,
  multiline = false,
  testId,
}: {
  label: string;
  rule: Rule;
  multiline?: boolean;
  testId?: string;
}) {
  return (
    <Form.Item name="remark" label={label} rules={[rule]}>
      {multiline ? (
        <Input.TextArea maxLength={255} autoSize={{ minRows: 1, maxRows: 4 }} data-testid={testId} />
      ) : (
        <Input maxLength={255} data-testid={testId} />
      )}
    </Form.Item>
  );
}

/** A whole number field, as wide as its column, checked by the entity form's rule. */
export function WholeNumberItem({
  name,
  label,
  rule,
  extra,
  testId,
}: {
  name: string;
  label: string;
  rule: Rule;
  extra?: ReactNode;
  testId?: string;
}) {
  return (
    <Form.Item name={name} label={label} rules={[rule]} extra={extra}>
      <InputNumber precision={0} style={{ width: '100%' }} data-testid={testId} />
    </Form.Item>
  );
}

type ConnectionField = 'name' | 'enabled' | 'host' | 'port';

/**
 * The first fields of a connection to a carrier (an SMPP gateway, a SIP trunk), as columns of a
 * two-column Row: its name and Enabled switch, then the host and port it is reached at. The
 * form's own fields follow (a trunk's transport, a gateway's system id). Test ids are
 * `<testIdPrefix>-<field>`.
 */
export function ConnectionFields({
  labels,
  rule,
  hostPlaceholder,
  testIdPrefix,
}: {
  labels: Record<ConnectionField, string>;
  rule: (field: Exclude<ConnectionField, 'enabled'>) => Rule;
  hostPlaceholder: string;
  testIdPrefix: string;
}) {
  return (
    <>
      <Col {...HALF_COLUMN}>
        <Form.Item name="name" label={labels.name} rules={[rule('name')]}>
          <Input maxLength={64} data-testid={`${testIdPrefix}-name`} />
        </Form.Item>
      </Col>
      <Col {...HALF_COLUMN}>
        <EnabledItem label={labels.enabled} testId={`${testIdPrefix}-enabled`} />
      </Col>
      <Col {...HALF_COLUMN}>
        <Form.Item name="host" label={labels.host} rules={[rule('host')]}>
          <Input maxLength={255} placeholder={hostPlaceholder} data-testid={`${testIdPrefix}-host`} />
        </Form.Item>
      </Col>
      <Col {...HALF_COLUMN}>
        <WholeNumberItem
          name="port"
          label={labels.port}
          rule={rule('port')}
          testId={`${testIdPrefix}-port`}
        />
      </Col>
    </>
  );
}

/**
 * A new password and its confirmation (the fields `password` and `confirmPassword`), at most 64
 * characters, the confirmation checked again when the password changes.
 */
export function NewPasswordItems({
  labels,
  rule,
  hint,
  testIds,
}: {
  labels: { password: string; confirmPassword: string };
  rule: (field: 'password' | 'confirmPassword') => Rule;
  hint: ReactNode;
  testIds: { password: string; confirmPassword: string };
}) {
  return (
    <>
      <Form.Item name="password" label={labels.password} rules={[rule('password')]} extra={hint}>
        <Input.Password maxLength={64} autoComplete="new-password" data-testid={testIds.password} />
      </Form.Item>
      <Form.Item
        name="confirmPassword"
        label={labels.confirmPassword}
        dependencies={['password']}
        rules={[rule('confirmPassword')]}
      >
        <Input.Password maxLength={64} autoComplete="new-password" data-testid={testIds.confirmPassword} />
      </Form.Item>
    </>
  );
}
