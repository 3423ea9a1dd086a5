import { CopyOutlined } from '@ant-design/icons';
import { Button, Card, Empty, List, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useContactInfo, useCopy } from './ContactDropdown';

/** /contactUs: the same support contacts as the header menu. */
export default function ContactUsPage() {
  const { t } = useTranslation('contact');
  const info = useContactInfo();
  const copy = useCopy();
  const contacts = info.data?.contacts ?? [];
  return (
    <Card title={t('title')} loading={info.isPending}>
      {info.data?.groupLink ? (
        <Typography.Paragraph>
          <a href={info.data.groupLink} target="_blank" rel="noopener noreferrer">
            {t('group')}
          </a>
        </Typography.Paragraph>
      ) : null}
      {contacts.length === 0 ? (
        <Empty description={t('none')} />
      ) : (
        <List
          dataSource={contacts}
          renderItem={(c) => (
            <List.Item
              actions={[
                <Button key="copy" icon={<CopyOutlined />} onClick={() => void copy(c.telegram)}>
                  {t('copy')}
                </Button>,
              ]}
            >
              <List.Item.Meta title={c.name} description={c.telegram} />
            </List.Item>
          )}
        />
      )}
    </Card>
  );
}
