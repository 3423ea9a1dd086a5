import {
  CALLER_ID_RULES,
  TRUNK_AUTH_MODES,
  TRUNK_DEFAULT_PORTS,
  TRUNK_TRANSPORTS,
  type Trunk,
  trunkEditSchema,
  trunkInputSchema,
  VOICE_CODECS,
} from '@switchboard/contracts';
import { useQuery } from '@tanstack/react-query';
import { Col, Form, Input, Row, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { type EntityModalProps, FormModal } from '@/components/FormModal';
import { ConnectionFields, HALF_COLUMN, RemarkItem, WholeNumberItem } from '@/components/form-items';
import { useAddOrEditForm } from '@/components/use-entity-form';
import { CallerGroupSelect } from '@/features/caller';
import { sipAccountOptionsQuery, useSaveTrunk } from '../api/trunks';

interface Values {
  name: string;
  enabled: boolean;
  host: string;
  port: number | null;
  transport: Trunk['transport'];
  tlsVerify: boolean;
  authMode: Trunk['authMode'];
  sipAccountId: string | null;
  codecs: Trunk['codecs'];
  maxCalls: number | null;
  cps: number | null;
  callerIdRule: Trunk['callerIdRule'];
  callerGroupId: string;
  fixedCallerId: string;
  stripPrefix: string;
  optionsIntervalS: number | null;
  remark: string;
}

const EMPTY: Values = {
  name: '',
  enabled: true,
  host: '',
  port: 5060,
  transport: 'udp',
  tlsVerify: true,
  authMode: 'ip',
  sipAccountId: null,
  codecs: ['PCMU', 'PCMA'],
  maxCalls: 30,
  cps: 10,
  callerIdRule: 'pass',
  callerGroupId: '',
  fixedCallerId: '',
  stripPrefix: '',
  optionsIntervalS: 30,
  remark: '',
};

const valuesOf = (trunk: Trunk | null): Values =>
  trunk
    ? {
        ...EMPTY,
        ...trunk,
        callerGroupId: trunk.callerGroupId ?? '',
        fixedCallerId: trunk.fixedCallerId ?? '',
        stripPrefix: trunk.stripPrefix ?? '',
        remark: trunk.remark ?? '',
      }
    : EMPTY;

function bodyOf(values: Values) {
  const v = { ...EMPTY, ...values };
  return {
    ...v,
    name: v.name.trim(),
    host: v.host.trim(),
    sipAccountId: v.sipAccountId || null,
    callerGroupId: v.callerIdRule === 'group' ? v.callerGroupId.trim() || null : null,
    fixedCallerId: v.callerIdRule === 'fixed' ? v.fixedCallerId.trim() || null : null,
    stripPrefix: v.callerIdRule === 'strip_prefix' ? v.stripPrefix.trim() || null : null,
    remark: v.remark.trim() || null,
  };
}

/**
 * The request of valid values: the form checked that no number is empty (an empty one is refused
 * as the schema says), so a missing one falls back to the schema's default only in theory.
 */
function requestOf(values: Values) {
  const body = bodyOf(values);
  return {
    ...body,
    port: body.port ?? undefined,
    maxCalls: body.maxCalls ?? undefined,
    cps: body.cps ?? undefined,
    optionsIntervalS: body.optionsIntervalS ?? undefined,
  };
}

/** Add or edit one voice trunk: address, authentication, codecs, limits and the caller-ID rule. */
export function TrunkFormModal({ open, editing, onClose }: EntityModalProps<Trunk>) {
  const { t } = useTranslation('trunk');
  const save = useSaveTrunk();
  const accounts = useQuery({ ...sipAccountOptionsQuery(), enabled: open });
  const labels: Record<keyof Values, string> = {
    name: t('fields.name'),
    enabled: t('fields.enabled'),
    host: t('fields.host'),
    port: t('fields.port'),
    transport: t('fields.transport'),
    tlsVerify: t('fields.tlsVerify'),
    authMode: t('fields.authMode'),
    sipAccountId: t('fields.sipAccountId'),
    codecs: t('fields.codecs'),
    maxCalls: t('fields.maxCalls'),
    cps: t('fields.cps'),
    callerIdRule: t('fields.callerIdRule'),
    callerGroupId: t('fields.callerGroupId'),
    fixedCallerId: t('fields.fixedCallerId'),
    stripPrefix: t('fields.stripPrefix'),
    optionsIntervalS: t('fields.optionsIntervalS'),
    remark: t('fields.remark'),
  };
  const entity = useAddOrEditForm({
    open,
    editing,
    valuesOf,
    schemas: { add: trunkInputSchema, edit: trunkEditSchema },
    bodyOf: requestOf,
    checkedOf: bodyOf,
    labels,
    save: save.mutateAsync,
    successMessage: t('saved'),
    onClose,
    errorCodeFields: {
      TRUNK_NAME_TAKEN: 'name',
      SIP_ACCOUNT_NOT_FOUND: 'sipAccountId',
      CALLER_GROUP_NOT_FOUND: 'callerGroupId',
    },
  });
  const { form, rule } = entity;
  const authMode = Form.useWatch('authMode', form);
  const callerIdRule = Form.useWatch('callerIdRule', form);
  const transport = Form.useWatch('transport', form);
  /** A port left at the old transport's default follows the new one's (TLS: 5061). */
  const transportChanged = (next: Trunk['transport']) => {
    const previous = form.getFieldValue('transport') as Trunk['transport'] | undefined;
    const port = form.getFieldValue('port') as number | null;
    if (previous && (port === null || port === TRUNK_DEFAULT_PORTS[previous]))
      form.setFieldValue('port', TRUNK_DEFAULT_PORTS[next]);
  };
  const half = HALF_COLUMN;
  const number = (name: keyof Values, hint?: string) => (
    <WholeNumberItem
      name={name}
      label={labels[name]}
      rule={rule(name)}
      extra={hint}
      testId={`trunk-${name}`}
    />
  );

  return (
    <FormModal
      entity={entity}
      title={editing ? t('editTitle') : t('createTitle')}
      width={760}
      testId="trunk-form"
    >
      <Row gutter={16}>
        <ConnectionFields
          labels={labels}
          rule={rule}
          hostPlaceholder="sip.carrier.example"
          testIdPrefix="trunk"
        />
        <Col {...half}>
          <Form.Item
            name="transport"
            label={labels.transport}
            rules={[rule('transport')]}
            getValueFromEvent={(next: Trunk['transport']) => {
              transportChanged(next);
              return next;
            }}
          >
            <Select
              data-testid="trunk-transport"
              options={TRUNK_TRANSPORTS.map((v) => ({ value: v, label: v.toUpperCase() }))}
            />
          </Form.Item>
        </Col>
        {transport === 'tls' ? (
          <Col {...half}>
            <Form.Item
              name="tlsVerify"
              label={labels.tlsVerify}
              valuePropName="checked"
              extra={t('hints.tlsVerify')}
            >
              <Switch data-testid="trunk-tlsVerify" />
            </Form.Item>
          </Col>
        ) : null}
        <Col {...half}>
          <Form.Item name="codecs" label={labels.codecs} rules={[rule('codecs')]} extra={t('hints.codecs')}>
            <Select mode="multiple" options={VOICE_CODECS.map((v) => ({ value: v, label: v }))} />
          </Form.Item>
        </Col>
        <Col {...half}>
          <Form.Item name="authMode" label={labels.authMode} rules={[rule('authMode')]}>
            <Select
              data-testid="trunk-authMode"
              options={TRUNK_AUTH_MODES.map((v) => ({ value: v, label: t(`authModes.${v}`) }))}
            />
          </Form.Item>
        </Col>
        <Col {...half}>
          <Form.Item
            name="sipAccountId"
            label={labels.sipAccountId}
            rules={[rule('sipAccountId')]}
            extra={authMode === 'register' ? undefined : t('hints.sipAccountOptional')}
          >
            <Select
              allowClear
              loading={accounts.isFetching}
              data-testid="trunk-sipAccount"
              options={(accounts.data?.records ?? []).map((a) => ({
                value: a.id,
                label: a.realm ? `${a.username}@${a.realm}` : a.username,
              }))}
            />
          </Form.Item>
        </Col>
        <Col {...half}>{number('maxCalls', t('hints.maxCalls'))}</Col>
        <Col {...half}>{number('cps', t('hints.cps'))}</Col>
        <Col {...half}>{number('optionsIntervalS', t('hints.optionsIntervalS'))}</Col>
        <Col {...half}>
          <Form.Item name="callerIdRule" label={labels.callerIdRule} rules={[rule('callerIdRule')]}>
            <Select
              data-testid="trunk-callerIdRule"
              options={CALLER_ID_RULES.map((v) => ({ value: v, label: t(`callerIdRules.${v}`) }))}
            />
          </Form.Item>
        </Col>
        {callerIdRule === 'group' ? (
          <Col {...half}>
            <Form.Item name="callerGroupId" label={labels.callerGroupId} rules={[rule('callerGroupId')]}>
              <CallerGroupSelect testId="trunk-callerGroup" />
            </Form.Item>
          </Col>
        ) : null}
        {callerIdRule === 'fixed' ? (
          <Col {...half}>
            <Form.Item name="fixedCallerId" label={labels.fixedCallerId} rules={[rule('fixedCallerId')]}>
              <Input maxLength={21} data-testid="trunk-fixedCallerId" />
            </Form.Item>
          </Col>
        ) : null}
        {callerIdRule === 'strip_prefix' ? (
          <Col {...half}>
            <Form.Item name="stripPrefix" label={labels.stripPrefix} rules={[rule('stripPrefix')]}>
              <Input maxLength={11} />
            </Form.Item>
          </Col>
        ) : null}
      </Row>
      <RemarkItem label={labels.remark} rule={rule('remark')} multiline />
    </FormModal>
  );
}
