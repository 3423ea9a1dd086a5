import type { RateGroup } from '@switchboard/contracts';
import { useQuery } from '@tanstack/react-query';
import { App, Form, Modal, Select, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { companiesQuery, useAssignments, useAssignRateGroup } from '../api/rate-groups';

/** Gives a company this group for the group's kind (replacing the one it had). */
export function AssignGroupModal({ group, onClose }: { group: RateGroup | null; onClose: () => void }) {
  const { t } = useTranslation('rates');
  const { message } = App.useApp();
  const [companyId, setCompanyId] = useState<string | undefined>();
  const companies = useQuery({ ...companiesQuery(), enabled: group !== null });
  const assignments = useAssignments(companyId);
  const assign = useAssignRateGroup();
  const current = assignments.data?.groups.find((g) => g.kind === group?.kind);
  // A reseller assigns to its own customers; staff to any company (the server decides).
  const options = (companies.data?.records ?? [])
    .filter((c) => c.id !== group?.ownerCompanyId)
    .map((c) => ({ value: c.id, label: c.name }));
  const close = () => {
    setCompanyId(undefined);
    onClose();
  };
  return (
    <Modal
      open={group !== null}
      title={t('group.assignTitle')}
      okText={t('assign')}
      cancelText={t('cancel')}
      okButtonProps={{ disabled: !companyId, 'data-testid': 'rate-assign-ok' } as never}
      confirmLoading={assign.isPending}
      onCancel={close}
      onOk={() => {
        if (!group || !companyId) return;
        assign.mutate(
          { companyId, kind: group.kind, groupId: group.id },
          {
            onSuccess: () => {
              void message.success(t('assigned'));
              close();
            },
          },
        );
      }}
    >
      <Form layout="vertical" data-testid="rate-assign-form">
        <Form.Item label={t('group.assignedGroup')}>
          <Typography.Text strong>{group?.name}</Typography.Text>
        </Form.Item>
        <Form.Item
          label={t('group.company')}
          extra={current ? t('group.current', { name: current.groupName ?? t('group.none') }) : undefined}
        >
          <Select
            showSearch
            optionFilterProp="label"
            value={companyId}
            onChange={setCompanyId}
            options={options}
            loading={companies.isLoading}
            data-testid="rate-assign-company"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
