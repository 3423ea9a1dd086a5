import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import {
  GATEWAY_BIND_MODES,
  GATEWAY_ERROR_CODE_PATTERN,
  GATEWAY_GSM_DATA_CODINGS,
  GATEWAY_ID_FORMATS,
  GATEWAY_RECEIPT_STATUSES,
  type Gateway,
  type GatewayReceiptStatus,
  gatewayEditSchema,
  gatewayInputSchema,
  translateError,
} from '@switchboard/contracts';
import { Button, Col, Divider, Form, Input, Row, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { type EntityModalProps, FormModal } from '@/components/FormModal';
import { ConnectionFields, HALF_COLUMN, RemarkItem, WholeNumberItem } from '@/components/form-items';
import { addOrEditSchema, useEntityForm } from '@/components/use-entity-form';
import { currentLocale } from '@/lib/i18n';
import { useSaveGateway } from '../api/gateways';

/** The form's values: the add/edit body, with the error map as rows (code, status). */
interface GatewayFormValues {
  id?: string;
  name: string;
  enabled: boolean;
  host: string;
  port: number | null;
  systemId: string;
  password: string;
  systemType: string;
  bindMode: Gateway['bindMode'];
  binds: number | null;
  windowSize: number | null;
  tps: number | null;
  sourceTon: number | null;
  sourceNpi: number | null;
  destTon: number | null;
  destNpi: number | null;
  defaultDataCoding: 0 | 1 | 3;
  enquireLinkSeconds: number | null;
  reconnectSeconds: number | null;
  reconnectMaxSeconds: number | null;
  submitIdFormat: Gateway['submitIdFormat'];
  receiptIdFormat: Gateway['receiptIdFormat'];
  errorMap: { code: string; status: GatewayReceiptStatus }[];
  remark: string;
}

const EMPTY: GatewayFormValues = {
  name: '',
  enabled: true,
  host: '',
  port: 2775,
  systemId: '',
  password: '',
  systemType: '',
  bindMode: 'transceiver',
  binds: 1,
  windowSize: 10,
  tps: 0,
  sourceTon: 5,
  sourceNpi: 0,
  destTon: 1,
  destNpi: 1,
  defaultDataCoding: 0,
  enquireLinkSeconds: 30,
  reconnectSeconds: 2,
  reconnectMaxSeconds: 60,
  submitIdFormat: 'hex',
  receiptIdFormat: 'hex',
  errorMap: [],
  remark: '',
};

function valuesOf(gateway: Gateway | null): GatewayFormValues {
  if (!gateway) return EMPTY;
  return {
    ...EMPTY,
    ...gateway,
    defaultDataCoding: ([0, 1, 3] as const).find((v) => v === gateway.defaultDataCoding) ?? 0,
    password: '',
    errorMap: Object.entries(gateway.errorMap).map(([code, status]) => ({
      code,
      status: status as GatewayReceiptStatus,
    })),
    remark: gateway.remark ?? '',
  };
}

/** The body the server takes (numbers as typed, the error map as an object). */
function bodyOf(values: GatewayFormValues, editing: boolean) {
  const { id: _id, errorMap, password, ...rest } = { ...EMPTY, ...values };
  return {
    ...rest,
    name: rest.name.trim(),
    host: rest.host.trim(),
    systemId: rest.systemId.trim(),
    systemType: rest.systemType.trim(),
    remark: rest.remark.trim() || null,
    errorMap: Object.fromEntries((errorMap ?? []).map((row) => [row.code.trim(), row.status])),
    ...(editing && !password ? {} : { password }),
  };
}

/** Add or edit one gateway: connection, binding, addressing and advanced settings in groups. */
export function GatewayFormModal({ open, editing, onClose }: EntityModalProps<Gateway>) {
  const { t } = useTranslation('gateway');
  const save = useSaveGateway();
  const labels = Object.fromEntries(
    (Object.keys(FIELD_KEYS) as FieldKey[]).map((key) => [key, t(`fields.${FIELD_KEYS[key]}`)]),
  ) as Record<keyof GatewayFormValues & string, string>;
  const entity = useEntityForm<GatewayFormValues, Gateway>({
    open,
    editing,
    valuesOf,
    // The form's values checked as the body the server gets (the shared schema of add or edit).
    schema: addOrEditSchema(
      editing,
      { add: gatewayInputSchema, edit: gatewayEditSchema },
      (values: GatewayFormValues) => bodyOf(values, editing !== null),
    ),
    labels,
    // The body as the schema above reads it (it has passed the check, so this does not throw).
    save: (values) =>
      save.mutateAsync(
        editing
          ? { edit: gatewayEditSchema.parse({ ...bodyOf(values, true), id: editing.id }) }
          : { add: gatewayInputSchema.parse(bodyOf(values, false)) },
      ),
    successMessage: t('saved'),
    onClose,
    errorCodeFields: { GATEWAY_NAME_TAKEN: 'name' },
  });
  const { rule } = entity;

  const number = (name: FieldKey, hint?: string) => (
    <WholeNumberItem
      name={name}
      label={labels[name]}
      rule={rule(name)}
      extra={hint}
      testId={`gateway-${name}`}
    />
  );
  const half = HALF_COLUMN;
  const idFormats = GATEWAY_ID_FORMATS.map((format) => ({ value: format, label: t(`idFormats.${format}`) }));

  return (
    <FormModal
      entity={entity}
      title={editing ? t('editTitle') : t('createTitle')}
      width={760}
      testId="gateway-form"
    >
      <Divider titlePlacement="start">{t('groups.connection')}</Divider>
      <Row gutter={16}>
        <ConnectionFields
          labels={labels}
          rule={rule}
          hostPlaceholder="smsc.example.com"
          testIdPrefix="gateway"
        />
        <Col {...half}>
          <Form.Item name="systemId" label={labels.systemId} rules={[rule('systemId')]}>
            <Input maxLength={15} autoComplete="off" data-testid="gateway-systemId" />
          </Form.Item>
        </Col>
        <Col {...half}>
          <Form.Item
            name="password"
            label={labels.password}
            rules={[rule('password')]}
            extra={editing ? t('hints.passwordKeep') : t('hints.password')}
          >
            <Input.Password maxLength={32} autoComplete="new-password" data-testid="gateway-password" />
          </Form.Item>
        </Col>
        <Col {...half}>
          <Form.Item name="systemType" label={labels.systemType} rules={[rule('systemType')]}>
            <Input maxLength={12} />
          </Form.Item>
        </Col>
      </Row>

      <Divider titlePlacement="start">{t('groups.binding')}</Divider>
      <Row gutter={16}>
        <Col {...half}>
          <Form.Item name="bindMode" label={labels.bindMode} rules={[rule('bindMode')]}>
            <Select
              data-testid="gateway-bindMode"
              options={GATEWAY_BIND_MODES.map((mode) => ({ value: mode, label: t(`bindModes.${mode}`) }))}
            />
          </Form.Item>
        </Col>
        <Col {...half}>{number('binds', t('hints.binds'))}</Col>
        <Col {...half}>{number('windowSize', t('hints.windowSize'))}</Col>
        <Col {...half}>{number('tps', t('hints.tps'))}</Col>
        <Col {...half}>{number('enquireLinkSeconds')}</Col>
        <Col {...half}>{number('reconnectSeconds')}</Col>
        <Col {...half}>{number('reconnectMaxSeconds')}</Col>
      </Row>

      <Divider titlePlacement="start">{t('groups.addressing')}</Divider>
      <Row gutter={16}>
        <Col {...half}>{number('sourceTon')}</Col>
        <Col {...half}>{number('sourceNpi')}</Col>
        <Col {...half}>{number('destTon')}</Col>
        <Col {...half}>{number('destNpi')}</Col>
        <Col {...half}>
          <Form.Item
            name="defaultDataCoding"
            label={labels.defaultDataCoding}
            rules={[rule('defaultDataCoding')]}
            extra={t('hints.defaultDataCoding')}
          >
            <Select
              options={GATEWAY_GSM_DATA_CODINGS.map((value) => ({
                value,
                label: t(`dataCodings.${value}`),
              }))}
            />
          </Form.Item>
        </Col>
      </Row>

      <Divider titlePlacement="start">{t('groups.advanced')}</Divider>
      <Row gutter={16}>
        <Col {...half}>
          <Form.Item name="submitIdFormat" label={labels.submitIdFormat}>
            <Select options={idFormats} />
          </Form.Item>
        </Col>
        <Col {...half}>
          <Form.Item name="receiptIdFormat" label={labels.receiptIdFormat} extra={t('hints.receiptIdFormat')}>
            <Select options={idFormats} />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item label={labels.errorMap} extra={t('hints.errorMap')}>
        <Form.List name="errorMap">
          {(rows, { add, remove }) => (
            <>
              {rows.map((row) => (
                <Space key={row.key} align="baseline" wrap data-testid="gateway-error-row">
                  <Form.Item
                    name={[row.name, 'code']}
                    rules={[
                      {
                        validator: async (_rule, value: string | undefined) => {
                          if (!GATEWAY_ERROR_CODE_PATTERN.test((value ?? '').trim()))
                            throw new Error(translateError('GATEWAY_ERROR_CODE_INVALID', currentLocale()));
                        },
                      },
                    ]}
                  >
                    <Input placeholder={t('errorCode')} style={{ width: 140 }} maxLength={12} />
                  </Form.Item>
                  <Form.Item
                    name={[row.name, 'status']}
                    rules={[{ required: true, message: t('errorStatus') }]}
                  >
                    <Select
                      style={{ width: 180 }}
                      placeholder={t('errorStatus')}
                      options={GATEWAY_RECEIPT_STATUSES.map((status) => ({
                        value: status,
                        label: t(`receiptStatuses.${status}`),
                      }))}
                    />
                  </Form.Item>
                  <Button
                    icon={<DeleteOutlined />}
                    aria-label={t('removeErrorCode')}
                    onClick={() => remove(row.name)}
                  />
                </Space>
              ))}
              <Button
                type="dashed"
                icon={<PlusOutlined />}
                onClick={() => add({ code: '', status: 'rejected' })}
                data-testid="gateway-error-add"
              >
                {t('addErrorCode')}
              </Button>
            </>
          )}
        </Form.List>
      </Form.Item>
      <RemarkItem label={labels.remark} rule={rule('remark')} multiline />
    </FormModal>
  );
}

/** Each form field's label key (fields.*). */
const FIELD_KEYS = {
  name: 'name',
  enabled: 'enabled',
  host: 'host',
  port: 'port',
  systemId: 'systemId',
  password: 'password',
  systemType: 'systemType',
  bindMode: 'bindMode',
  binds: 'binds',
  windowSize: 'windowSize',
  tps: 'tps',
  sourceTon: 'sourceTon',
  sourceNpi: 'sourceNpi',
  destTon: 'destTon',
  destNpi: 'destNpi',
  defaultDataCoding: 'defaultDataCoding',
  enquireLinkSeconds: 'enquireLinkSeconds',
  reconnectSeconds: 'reconnectSeconds',
  reconnectMaxSeconds: 'reconnectMaxSeconds',
  submitIdFormat: 'submitIdFormat',
  receiptIdFormat: 'receiptIdFormat',
  errorMap: 'errorMap',
  remark: 'remark',
} as const;
type FieldKey = keyof typeof FIELD_KEYS;
