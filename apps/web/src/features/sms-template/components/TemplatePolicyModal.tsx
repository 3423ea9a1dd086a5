import { App, Modal, Skeleton, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSaveTemplatePolicy, useTemplatePolicy } from '../api/templates';

/** Staff: whether a company's marketing and notification texts must come from passed templates. */
export function TemplatePolicyModal({
  company,
  onClose,
}: {
  company: { id: string; name: string };
  onClose: () => void;
}) {
  const { t } = useTranslation('smsTemplate');
  const { message } = App.useApp();
  const policy = useTemplatePolicy(company.id);
  const save = useSaveTemplatePolicy();
  return (
    <Modal
      open
      title={t('template.policyTitle', { name: company.name })}
      footer={null}
      onCancel={onClose}
      data-testid="template-policy"
    >
      {policy.data ? (
        <>
          <Switch
            checked={policy.data.requireApprovedTemplates}
            loading={save.isPending}
            onChange={(requireApprovedTemplates) =>
              save.mutate(
                { companyId: company.id, requireApprovedTemplates },
                { onSuccess: () => void message.success(t('template.policySaved')) },
              )
            }
            data-testid="template-policy-switch"
          />{' '}
          {t('template.policySwitch')}
          <Typography.Paragraph type="secondary" style={{ marginTop: 12 }}>
            {t('template.policyHint')}
          </Typography.Paragraph>
        </>
      ) : (
        <Skeleton active paragraph={{ rows: 1 }} />
      )}
    </Modal>
  );
}
