import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import {
  ROUTE_GATEWAYS_MAX,
  ROUTE_STRATEGIES,
  type Route,
  type RouteStrategy,
  routeInputSchema,
  SMS_KINDS,
  type SmsKind,
} from '@switchboard/contracts';
import { Button, Form, Input, InputNumber, Radio, Select, Space, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { CountryCodeSelect } from '@/components/CountryCodeSelect';
import { type EntityModalProps, FormModal } from '@/components/FormModal';
import { useEntityForm } from '@/components/use-entity-form';
import { type RouteBody, useCompanies, useGatewayChoices, useSaveRoute } from '../api/routing';
import { useRoutingLabels } from './labels';

type Values = {
  name: string;
  companyId?: string;
  smsKind?: SmsKind | '';
  countryCode?: string;
  mcc?: string;
  mnc?: string;
  prefix?: string;
  startTime?: string;
  endTime?: string;
  enabled: boolean;
  sortOrder: number;
  strategy: RouteStrategy;
  gateways: { gatewayId?: string; weight?: number }[];
  remark?: string;
};

const EMPTY: Values = {
  name: '',
  smsKind: '',
  enabled: true,
  sortOrder: 100,
  strategy: 'priority',
  gateways: [{ weight: 1 }],
};
const clean = (v: string | undefined | null) => (v && v.trim() !== '' ? v.trim() : null);

export const toRouteInput = (v: Values): RouteBody => ({
  name: v.name ?? '',
  companyId: v.companyId || null,
  smsKind: v.smsKind || null,
  countryCode: clean(v.countryCode)?.toUpperCase() ?? null,
  mcc: clean(v.mcc),
  mnc: clean(v.mnc),
  prefix: clean(v.prefix),
  startTime: clean(v.startTime),
  endTime: clean(v.endTime),
  enabled: v.enabled ?? true,
  sortOrder: v.sortOrder ?? 100,
  strategy: v.strategy ?? 'priority',
  gateways: (v.gateways ?? []).map((g) => ({
    gatewayId: g?.gatewayId as string,
    weight: Number(g?.weight ?? 1),
  })),
  remark: clean(v.remark),
});
const formSchema = z.preprocess((v) => toRouteInput({ ...EMPTY, ...(v as Values) }), routeInputSchema);

/** Adds or edits a route: matchers, window, order, and its gateways with priority or weight. */
export function RouteFormModal({ open, editing, onClose }: EntityModalProps<Route>) {
  const { t } = useTranslation('routing');
  const labels = useRoutingLabels();
  const save = useSaveRoute();
  const gateways = useGatewayChoices();
  const companies = useCompanies();
  const fieldLabels = {
    name: t('fields.name'),
    companyId: t('fields.company'),
    smsKind: t('fields.smsKind'),
    countryCode: t('fields.country'),
    mcc: t('fields.mcc'),
    mnc: t('fields.mnc'),
    prefix: t('fields.prefix'),
    startTime: t('fields.startTime'),
    endTime: t('fields.endTime'),
    enabled: t('fields.enabled'),
    sortOrder: t('fields.sortOrder'),
    strategy: t('fields.strategy'),
    gateways: t('fields.gateways'),
    remark: t('fields.remark'),
    // Each gateway row's picker, named in messages as the gateway it is.
    ...Object.fromEntries(
      Array.from({ length: ROUTE_GATEWAYS_MAX }, (_, i) => [`gateways.${i}.gatewayId`, t('fields.gateways')]),
    ),
  };
  const entity = useEntityForm<Values, Route>({
    open,
    editing,
    valuesOf: (r) =>
      r
        ? {
            name: r.name,
            companyId: r.companyId ?? undefined,
            smsKind: r.smsKind ?? '',
            countryCode: r.countryCode ?? '',
            mcc: r.mcc ?? '',
            mnc: r.mnc ?? '',
            prefix: r.prefix ?? '',
            startTime: r.startTime ?? '',
            endTime: r.endTime ?? '',
            enabled: r.enabled,
            sortOrder: r.sortOrder,
            strategy: r.strategy,
            gateways: r.gateways.map((g) => ({ gatewayId: g.gatewayId, weight: g.weight })),
            remark: r.remark ?? '',
          }
        : EMPTY,
    schema: formSchema,
    labels: fieldLabels,
    save: (values) => save.mutateAsync({ id: editing?.id, input: toRouteInput(values) }),
    successMessage: t('saved'),
    onClose,
  });
  const { form, rule } = entity;
  const strategy = Form.useWatch('strategy', form) ?? 'priority';
  return (
    <FormModal
      entity={entity}
      title={editing ? t('editTitle') : t('createTitle')}
      width={720}
      testId="route-form"
    >
      <Form.Item name="name" label={fieldLabels.name} rules={[rule('name')]}>
        <Input maxLength={64} data-testid="route-name" />
      </Form.Item>
      <Space wrap align="start">
        <Form.Item
          name="sortOrder"
          label={fieldLabels.sortOrder}
          rules={[rule('sortOrder')]}
          tooltip={t('sortHint')}
        >
          <InputNumber min={0} max={1_000_000} style={{ width: 120 }} />
        </Form.Item>
        <Form.Item name="enabled" label={fieldLabels.enabled} valuePropName="checked">
          <Switch />
        </Form.Item>
      </Space>
      <Form.Item name="companyId" label={fieldLabels.companyId} tooltip={t('anyCompanyHint')}>
        <Select
          allowClear
          showSearch
          optionFilterProp="label"
          placeholder={t('anyCompany')}
          loading={companies.isLoading}
          options={(companies.data?.records ?? []).map((c) => ({ value: c.id, label: c.name }))}
        />
      </Form.Item>
      <Form.Item name="smsKind" label={fieldLabels.smsKind} extra={t('premiumHint')}>
        <Select
          options={[
            { value: '', label: t('anyKind') },
            ...SMS_KINDS.map((k) => ({ value: k, label: labels.smsKind(k) })),
          ]}
        />
      </Form.Item>
      <Space wrap align="start">
        <Form.Item name="countryCode" label={fieldLabels.countryCode} rules={[rule('countryCode')]}>
          <CountryCodeSelect testId="route-country" />
        </Form.Item>
        <Form.Item name="mcc" label={fieldLabels.mcc} rules={[rule('mcc')]}>
          <Input maxLength={3} style={{ width: 80 }} />
        </Form.Item>
        <Form.Item name="mnc" label={fieldLabels.mnc} rules={[rule('mnc')]}>
          <Input maxLength={3} style={{ width: 80 }} />
        </Form.Item>
        <Form.Item name="prefix" label={fieldLabels.prefix} rules={[rule('prefix')]}>
          <Input maxLength={16} style={{ width: 140 }} placeholder="4479" />
        </Form.Item>
      </Space>
      <Space wrap align="start">
        <Form.Item name="startTime" label={fieldLabels.startTime} rules={[rule('startTime')]}>
          <Input maxLength={5} style={{ width: 100 }} placeholder="22:00" />
        </Form.Item>
        <Form.Item
          name="endTime"
          label={fieldLabels.endTime}
          rules={[rule('endTime')]}
          extra={t('windowHint')}
        >
          <Input maxLength={5} style={{ width: 100 }} placeholder="06:00" />
        </Form.Item>
      </Space>
      <Form.Item name="strategy" label={fieldLabels.strategy} extra={t(`strategyHints.${strategy}`)}>
        <Radio.Group
          optionType="button"
          options={ROUTE_STRATEGIES.map((s) => ({ value: s, label: labels.strategy(s) }))}
        />
      </Form.Item>
      <Form.List
        name="gateways"
        rules={[
          {
            validator: async () => {
              await (rule('gateways') as { validator: () => Promise<void> }).validator();
            },
          },
        ]}
      >
        {(fields, { add, remove, move }, { errors }) => (
          <Form.Item label={fieldLabels.gateways} required>
            <div data-testid="route-gateways">
              {fields.map((field, index) => (
                <Space key={field.key} align="baseline" style={{ display: 'flex', marginBottom: 4 }}>
                  <span style={{ width: 20, display: 'inline-block' }}>{index + 1}.</span>
                  <Form.Item
                    name={[field.name, 'gatewayId']}
                    noStyle
                    rules={[rule(`gateways.${field.name}.gatewayId` as keyof Values & string)]}
                  >
                    <Select
                      style={{ width: 240 }}
                      placeholder={t('chooseGateway')}
                      data-testid={`route-gateway-${index}`}
                      showSearch
                      optionFilterProp="label"
                      loading={gateways.isLoading}
                      options={(gateways.data ?? []).map((g) => ({
                        value: g.id,
                        label: g.enabled ? g.name : `${g.name} (${t('disabled')})`,
                      }))}
                    />
                  </Form.Item>
                  {strategy === 'weighted' ? (
                    <Form.Item name={[field.name, 'weight']} noStyle>
                      <InputNumber min={0} max={1000} addonBefore={t('weight')} style={{ width: 150 }} />
                    </Form.Item>
                  ) : null}
                  <Button
                    size="small"
                    icon={<ArrowUpOutlined />}
                    aria-label={t('moveUp')}
                    disabled={index === 0}
                    onClick={() => move(index, index - 1)}
                  />
                  <Button
                    size="small"
                    icon={<ArrowDownOutlined />}
                    aria-label={t('moveDown')}
                    disabled={index === fields.length - 1}
                    onClick={() => move(index, index + 1)}
                  />
                  <Button
                    size="small"
                    danger
                    icon={<DeleteOutlined />}
                    aria-label={t('remove')}
                    onClick={() => remove(field.name)}
                  />
                </Space>
              ))}
              <Button
                type="dashed"
                icon={<PlusOutlined />}
                onClick={() => add({ weight: 1 })}
                data-testid="route-gateway-add"
              >
                {t('addGateway')}
              </Button>
              <Form.ErrorList errors={errors} />
            </div>
          </Form.Item>
        )}
      </Form.List>
      <Form.Item name="remark" label={fieldLabels.remark} rules={[rule('remark')]}>
        <Input maxLength={255} />
      </Form.Item>
    </FormModal>
  );
}
