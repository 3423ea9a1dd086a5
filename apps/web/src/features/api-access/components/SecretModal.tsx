import type { ApiKeyIssued } from '@switchboard/contracts';
import { Alert, Button, Descriptions, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * Shows a key and its secret right after they were issued: the only time the secret is seen.
 * Closing it drops the secret from the page (the parent forgets `issued`).
 */
export function SecretModal({
  issued,
  rotated,
  onClose,
}: {
  issued: ApiKeyIssued | null;
  rotated: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('apiAccess');
  return (
    <Modal
      open={issued !== null}
      title={rotated ? t('secret.rotatedTitle') : t('secret.title')}
      onCancel={onClose}
      maskClosable={false}
      destroyOnHidden
      footer={
        <Button type="primary" onClick={onClose} data-testid="secret-done">
          {t('secret.done')}
        </Button>
      }
    >
      {issued && (
        <>
          <Alert type="warning" showIcon title={t('secret.warning')} style={{ marginBottom: 16 }} />
          <Descriptions column={1} bordered size="small">
            <Descriptions.Item label={t('secret.apiKey')}>
              <Typography.Text copyable code data-testid="issued-api-key">
                {issued.apiKey}
              </Typography.Text>
            </Descriptions.Item>
            <Descriptions.Item label={t('secret.apiSecret')}>
              <Typography.Text
                copyable
                code
                style={{ wordBreak: 'break-all' }}
                data-testid="issued-api-secret"
              >
                {issued.apiSecret}
              </Typography.Text>
            </Descriptions.Item>
          </Descriptions>
        </>
      )}
    </Modal>
  );
}
