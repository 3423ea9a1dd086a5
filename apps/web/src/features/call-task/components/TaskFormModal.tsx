import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import {
  type CallPeriod,
  type CallTask,
  callTaskInputSchema,
  HANGUP_SMS_MAX,
  periodsProblem,
  TIME_PERIODS_MAX,
  TTL_MAX_S,
  TTL_MIN_S,
  translateError,
} from '@switchboard/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, Form, Input, InputNumber, Radio, Select, Space, Switch, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '@/components/Can';
import { type EntityModalProps, FormModal } from '@/components/FormModal';
import { useEntityForm } from '@/components/use-entity-form';
import { CallerGroupSelect, callerOptionsQuery } from '@/features/caller';
import { listIvrFlowsQuery } from '@/features/ivr';
import { CompanyItem } from '@/features/sms-template';
import { trunkOptionsQuery } from '@/features/trunk';
import { currentLocale } from '@/lib/i18n';
import { useIsStaff } from '@/lib/session';
import { importNumbers, type NumberImport, useSaveCallTask } from '../api/call-tasks';
import { NumberListInput, numberPreview } from './NumberListInput';

interface Values {
  name: string;
  companyId?: string;
  ivrFlowId?: string;
  trunkId: string | null;
  callerGroupId: string | null;
  callerIds: string[];
  callRatio: number;
  periods: CallPeriod[];
  timeZone: string;
  ttlS: number;
  hangupOn: boolean;
  hangupTo: 'answered' | 'all';
  hangupText: string;
  numbersText: string;
}

const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

function valuesOf(task: CallTask | null): Values {
  return {
    name: task?.name ?? '',
    ivrFlowId: task?.ivrFlowId,
    trunkId: task?.trunkId ?? null,
    callerGroupId: task?.callerGroupId ?? null,
    callerIds: task?.callerIds ?? [],
    callRatio: task?.callRatio ?? 1,
    periods: task?.periods ?? [{ start: '09:00', end: '18:00' }],
    timeZone: task?.timeZone ?? browserZone(),
    ttlS: task?.ttlS ?? 120,
    hangupOn: task?.hangupSms != null,
    hangupTo: task?.hangupSms?.to ?? 'answered',
    hangupText: task?.hangupSms?.text ?? '',
    numbersText: '',
  };
}

/** Add or edit a task waiting to submit: numbers (typed, pasted or a file), IVR, periods, ratio, TTL, hang-up SMS. */
export function TaskFormModal({ open, editing, onClose }: EntityModalProps<CallTask>) {
  const { t } = useTranslation('callTask');
  const save = useSaveCallTask();
  const pickCompany = useIsStaff() && !editing;
  const canPickTrunk = useCan('voice:trunk:options').visible;
  const [imported, setImported] = useState<NumberImport | null>(null);
  const labels: Record<keyof Values, string> = {
    name: t('fields.name'),
    companyId: t('fields.company'),
    ivrFlowId: t('fields.ivrFlowId'),
    trunkId: t('fields.trunkId'),
    callerGroupId: t('fields.callerGroupId'),
    callerIds: t('fields.callerIds'),
    callRatio: t('fields.callRatio'),
    periods: t('fields.periods'),
    timeZone: t('fields.timeZone'),
    ttlS: t('fields.ttlS'),
    hangupOn: t('fields.hangupSms'),
    hangupTo: t('fields.hangupTo'),
    hangupText: t('fields.hangupText'),
    numbersText: t('fields.numbers'),
  };
  const entity = useEntityForm({
    open,
    editing,
    valuesOf,
    schema: callTaskInputSchema,
    labels,
    save: (values) => {
      const numbers = numberPreview(values.numbersText ?? '', imported).all;
      const fields = {
        name: values.name.trim(),
        // The form checked it is chosen.
        ivrFlowId: values.ivrFlowId ?? '',
        // Staff only: others leave the trunk to the company's voice routes (a route is not chosen here).
        trunkId: canPickTrunk ? (values.trunkId ?? null) : (editing?.trunkId ?? null),
        routeId: editing?.routeId ?? null,
        callerGroupId: values.callerGroupId ?? null,
        callerIds: values.callerGroupId ? [] : (values.callerIds ?? []),
        callRatio: values.callRatio,
        periods: values.periods,
        timeZone: values.timeZone,
        ttlS: values.ttlS,
        hangupSms: values.hangupOn ? { to: values.hangupTo, text: values.hangupText.trim() } : null,
      };
      return editing
        ? // Editing without new numbers keeps the task's own.
          save.mutateAsync({
            id: editing.id,
            input: { ...fields, ...(numbers.length > 0 ? { numbers } : {}) },
          })
        : save.mutateAsync({
            input: {
              ...fields,
              numbers,
              ...(pickCompany && values.companyId ? { companyId: values.companyId } : {}),
            },
          });
    },
    successMessage: t('saved'),
    onClose: () => {
      setImported(null);
      onClose();
    },
  });
  const { form, rule } = entity;
  const picked = Form.useWatch('companyId', form);
  const callerGroupId = Form.useWatch('callerGroupId', form);
  // The flows, caller groups and caller IDs of the task's company: staff and resellers pick it
  // first; a customer's lists are its own (the server's data scope).
  const companyId = editing?.companyId ?? (pickCompany ? picked : undefined);
  const listsReady = open && (!pickCompany || !!picked);
  const flows = useQuery({
    ...listIvrFlowsQuery({ pageNo: 1, pageSize: 500, column: 'name', order: 'asc', companyId }),
    enabled: listsReady,
  });
  const callers = useQuery({ ...callerOptionsQuery(companyId), enabled: listsReady });
  const trunks = useQuery({ ...trunkOptionsQuery(), enabled: open && canPickTrunk });
  const hangupOn = Form.useWatch('hangupOn', form) ?? false;
  const periods = Form.useWatch('periods', form) ?? [];
  const periodProblem = periods.every((p) => p?.start && p?.end) ? periodsProblem(periods) : null;

  return (
    <FormModal
      entity={entity}
      title={editing ? t('editTitle') : t('createTitle')}
      width={720}
      testId="call-task-form"
    >
      {pickCompany ? (
        <CompanyItem
          label={labels.companyId}
          message={t('companyRequired')}
          testId="call-task-company"
          onChange={() => form.setFieldsValue({ ivrFlowId: undefined, callerGroupId: null, callerIds: [] })}
        />
      ) : null}
      <Form.Item name="name" label={labels.name} rules={[rule('name')]}>
        <Input maxLength={64} data-testid="call-task-name" />
      </Form.Item>
      <NumberListInput
        name="numbersText"
        label={labels.numbersText}
        extra={editing ? t('numbersKeepHint') : t('numbersHint')}
        imported={imported}
        onImported={setImported}
        importFile={importNumbers}
        testId="call-task"
      />
      <Form.Item name="ivrFlowId" label={labels.ivrFlowId} rules={[rule('ivrFlowId')]} extra={t('ivrHint')}>
        <Select
          showSearch={{ optionFilterProp: 'label' }}
          disabled={!listsReady}
          loading={flows.isFetching}
          placeholder={pickCompany && !picked ? t('companyFirst') : undefined}
          options={(flows.data?.records ?? []).map((flow) => ({ value: flow.id, label: flow.name }))}
          data-testid="call-task-ivr"
        />
      </Form.Item>
      {canPickTrunk ? (
        <Form.Item name="trunkId" label={labels.trunkId} extra={t('trunkHint')}>
          <Select
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            loading={trunks.isFetching}
            options={(trunks.data ?? []).map((trunk) => ({
              value: trunk.id,
              label: trunk.enabled ? trunk.name : `${trunk.name} (${t('trunkDisabled')})`,
            }))}
            data-testid="call-task-trunk"
          />
        </Form.Item>
      ) : null}
      <Form.Item name="callerGroupId" label={labels.callerGroupId} extra={t('callersHint')}>
        <CallerGroupSelect companyId={companyId} disabled={!listsReady} testId="call-task-caller-group" />
      </Form.Item>
      <Form.Item name="callerIds" label={labels.callerIds}>
        <Select
          mode="multiple"
          allowClear
          disabled={!listsReady || !!callerGroupId}
          loading={callers.isFetching}
          optionFilterProp="label"
          options={(callers.data?.records ?? []).map((caller) => ({
            value: caller.number,
            label: caller.number,
            disabled: !caller.enabled,
          }))}
          data-testid="call-task-callers"
        />
      </Form.Item>
      <Space wrap size="large">
        <Form.Item name="callRatio" label={labels.callRatio} rules={[rule('callRatio')]}>
          <InputNumber precision={0} data-testid="call-task-ratio" />
        </Form.Item>
        <Form.Item name="ttlS" label={labels.ttlS} rules={[rule('ttlS')]}>
          <InputNumber
            min={TTL_MIN_S}
            max={TTL_MAX_S}
            precision={0}
            addonAfter="s"
            data-testid="call-task-ttl"
          />
        </Form.Item>
        <Form.Item name="timeZone" label={labels.timeZone} rules={[rule('timeZone')]}>
          <Input style={{ width: 180 }} data-testid="call-task-zone" />
        </Form.Item>
      </Space>
      <Form.Item label={labels.periods} required extra={t('periodsHint')}>
        <Form.List name="periods">
          {(fields, { add, remove }) => (
            <Space direction="vertical" style={{ width: '100%' }} data-testid="call-task-periods">
              {fields.map((field) => (
                <Space key={field.key} wrap>
                  <Form.Item name={[field.name, 'start']} noStyle>
                    <Input type="time" style={{ width: 120 }} aria-label={t('periodStart')} />
                  </Form.Item>
                  <span>–</span>
                  <Form.Item name={[field.name, 'end']} noStyle>
                    <Input type="time" style={{ width: 120 }} aria-label={t('periodEnd')} />
                  </Form.Item>
                  <Button
                    icon={<DeleteOutlined />}
                    aria-label={t('removePeriod')}
                    disabled={fields.length <= 1}
                    onClick={() => remove(field.name)}
                  />
                </Space>
              ))}
              <Button
                icon={<PlusOutlined />}
                disabled={fields.length >= TIME_PERIODS_MAX}
                onClick={() => add({ start: '14:00', end: '17:00' })}
                data-testid="call-task-add-period"
              >
                {t('addPeriod')}
              </Button>
              {periodProblem ? (
                <Typography.Text type="danger" data-testid="call-task-period-problem">
                  {translateError(periodProblem.code, currentLocale())}
                </Typography.Text>
              ) : null}
            </Space>
          )}
        </Form.List>
      </Form.Item>
      <Form.Item name="hangupOn" label={labels.hangupOn} valuePropName="checked">
        <Switch data-testid="call-task-hangup" />
      </Form.Item>
      {hangupOn ? (
        <>
          <Form.Item name="hangupTo" label={labels.hangupTo}>
            <Radio.Group
              options={[
                { value: 'answered', label: t('hangupTo.answered') },
                { value: 'all', label: t('hangupTo.all') },
              ]}
            />
          </Form.Item>
          <Form.Item
            name="hangupText"
            label={labels.hangupText}
            rules={[
              {
                required: true,
                whitespace: true,
                message: translateError('HANGUP_SMS_REQUIRED', currentLocale()),
              },
              { max: HANGUP_SMS_MAX, message: translateError('HANGUP_SMS_TOO_LONG', currentLocale()) },
            ]}
          >
            <Input.TextArea
              rows={3}
              maxLength={HANGUP_SMS_MAX}
              showCount
              data-testid="call-task-hangup-text"
            />
          </Form.Item>
        </>
      ) : null}
    </FormModal>
  );
}
