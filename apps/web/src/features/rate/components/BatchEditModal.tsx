import type { RateBatchEdit } from '@switchboard/contracts';
import { App, Form, Input, Modal, Radio, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBatchEditRates } from '../api/rates';

type Filter = Omit<RateBatchEdit, 'mode' | 'price' | 'percent'>;

/** Sets a price, or raises or lowers it by a percent, for every rate matching the current filter. */
export function BatchEditModal({
  filter,
  open,
  onClose,
}: {
  filter: Filter;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('rates');
  const { message } = App.useApp();
  const [mode, setMode] = useState<'set' | 'increase' | 'decrease'>('increase');
  const [value, setValue] = useState('');
  const batch = useBatchEditRates();
  useEffect(() => {
    if (open) setValue('');
  }, [open]);
  const { groupId: _g, ...shown } = filter;
  const described = Object.entries(shown)
    .filter(([, v]) => v)
    .map(([k, v]) => `${k}=${v}`)
    .join(', ');
  return (
    <Modal
      open={open}
      title={t('batch.title')}
      okText={t('save')}
      cancelText={t('cancel')}
      confirmLoading={batch.isPending}
      okButtonProps={{ disabled: value.trim() === '', 'data-testid': 'rate-batch-ok' } as never}
      onCancel={onClose}
      onOk={() => {
        const body: RateBatchEdit =
          mode === 'set'
            ? { ...filter, mode: 'set', price: value.trim() }
            : { ...filter, mode: 'percent', percent: `${mode === 'decrease' ? '-' : ''}${value.trim()}` };
        batch.mutate(body, {
          onSuccess: (result) => {
            void message.success(t('batch.done', { count: result.updated }));
            onClose();
          },
        });
      }}
    >
      <Typography.Paragraph type="secondary">
        {t('batch.scope', { filter: described || t('batch.all') })}
      </Typography.Paragraph>
      <Form layout="vertical" data-testid="rate-batch-form">
        <Form.Item label={t('batch.mode')}>
          <Radio.Group value={mode} onChange={(e) => setMode(e.target.value)} data-testid="rate-batch-mode">
            <Radio.Button value="set">{t('batch.set')}</Radio.Button>
            <Radio.Button value="increase">{t('batch.increase')}</Radio.Button>
            <Radio.Button value="decrease">{t('batch.decrease')}</Radio.Button>
          </Radio.Group>
        </Form.Item>
        <Form.Item label={mode === 'set' ? t('rate.price') : t('batch.percent')}>
          <Input
            value={value}
            onChange={(e) => setValue(e.target.value)}
            inputMode="decimal"
            suffix={mode === 'set' ? undefined : '%'}
            data-testid="rate-batch-value"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
