import { CopyOutlined, TeamOutlined } from '@ant-design/icons';
import { Button, Card, Empty, List, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useContactInfo } from '../api/get-contact-info';
import { useCopy } from '../use-copy';

/** /contactUs (component key 'contact/ContactUs'): the same support contacts as the header menu. */
export default function ContactUsPage() {
  const { t } = useTranslation('contact');
  const info = useContactInfo();
  const copy = useCopy();
  const contacts = info.data?.contacts ?? [];
  return (
    <Card title={t('title')} loading={info.isPending}>
      <Typography.Paragraph type="secondary">{t('intro')}</Typography.Paragraph>
      {info.data?.groupLink ? (
        <Typography.Paragraph>
          <TeamOutlined />{' '}
          <a href={info.data.groupLink} target="_blank" rel="noopener noreferrer">
            {t('group')}
          </a>
        </Typography.Paragraph>
      ) : null}
      {info.isError ? (
        <Empty description={t('loadFailed')} />
      ) : contacts.length === 0 ? (
        <Empty description={t('none')} />
      ) : (
        <List
          dataSource={contacts}
          renderItem={(c) => (
            <List.Item
              actions={[
                <Button
                  key="copy"
                  icon={<CopyOutlined />}
                  aria-label={t('copyAccount', { value: c.telegram })}
                  onClick={() => void copy(c.telegram)}
                >
                  {t('copy')}
                </Button>,
              ]}
            >
              <List.Item.Meta
                title={c.name}
                description={<Typography.Text code>{c.telegram}</Typography.Text>}
              />
            </List.Item>
          )}
        />
      )}
    </Card>
  );
}
