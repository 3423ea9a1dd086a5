import { KeyOutlined, UploadOutlined, UserOutlined } from '@ant-design/icons';
import { AVATAR_MAX_BYTES, AVATAR_TYPES, type Profile } from '@switchboard/contracts';
import {
  Alert,
  App,
  Avatar,
  Button,
  Card,
  Col,
  Flex,
  Form,
  Input,
  Row,
  Skeleton,
  Typography,
  Upload,
} from 'antd';
import { type CountryCode, parsePhoneNumberFromString } from 'libphonenumber-js';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCountryOptions } from '@/components/countries';
import { browserCountry, PhoneInput } from '@/components/PhoneInput';
import { isApiError } from '@/lib/api-client';
import { useLocale } from '@/lib/i18n';
import { useProfile, useUpdateProfile, useUploadAvatar } from '../api/profile';
import { ChangePasswordModal } from '../components/ChangePasswordModal';
import { GoogleAuthCard } from '../components/GoogleAuthCard';

interface ProfileValues {
  realname: string;
  phone: string;
  email: string;
}

const valuesOf = (profile: Profile): ProfileValues => ({
  realname: profile.realname,
  phone: profile.phone ?? '',
  email: profile.email ?? '',
});

/** The avatar: the current image and an upload (an image of at most AVATAR_MAX_BYTES). */
function AvatarCard({ profile }: { profile: Profile }) {
  const { t } = useTranslation('account');
  const { message } = App.useApp();
  const uploadAvatar = useUploadAvatar();
  const check = (file: File) => {
    if (!(AVATAR_TYPES as readonly string[]).includes(file.type)) {
      void message.error(t('profile.avatarType'));
      return false;
    }
    if (file.size > AVATAR_MAX_BYTES) {
      void message.error(t('profile.avatarSize', { max: AVATAR_MAX_BYTES / 1024 }));
      return false;
    }
    uploadAvatar.mutate(file, { onSuccess: () => void message.success(t('profile.avatarSaved')) });
    // Sent by the mutation, not by antd's own request.
    return false;
  };
  return (
    <Flex vertical align="center" gap={12}>
      <Avatar
        size={96}
        src={profile.avatar ?? undefined}
        icon={<UserOutlined />}
        data-testid="profile-avatar"
      />
      <Upload accept={AVATAR_TYPES.join(',')} showUploadList={false} beforeUpload={check} maxCount={1}>
        <Button
          icon={<UploadOutlined />}
          loading={uploadAvatar.isPending}
          data-testid="profile-avatar-upload"
        >
          {t('profile.avatarUpload')}
        </Button>
      </Upload>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {t('profile.avatarHint', { max: AVATAR_MAX_BYTES / 1024 })}
      </Typography.Text>
      {uploadAvatar.isError ? (
        <Alert type="error" showIcon title={uploadAvatar.error.message} role="alert" />
      ) : null}
    </Flex>
  );
}

/** My account: name, avatar, phone and e-mail; password; Google Authenticator. */
export default function ProfilePage() {
  const { t } = useTranslation(['account', 'common']);
  const { message } = App.useApp();
  const locale = useLocale();
  const profile = useProfile();
  const update = useUpdateProfile();
  const countries = useCountryOptions();
  const [form] = Form.useForm<ProfileValues>();
  const [country, setCountry] = useState<CountryCode | undefined>(browserCountry());
  const [passwordOpen, setPasswordOpen] = useState(false);

  useEffect(() => {
    if (!profile.data) return;
    form.setFieldsValue(valuesOf(profile.data));
    const stored = profile.data.phone ? parsePhoneNumberFromString(profile.data.phone)?.country : undefined;
    if (stored) setCountry(stored);
  }, [profile.data, form]);

  if (profile.isPending) return <Skeleton active />;
  if (profile.isError) return <Alert type="error" showIcon title={profile.error.message} />;
  const data = profile.data;

  const save = (values: ProfileValues) => {
    update.mutate(
      {
        realname: values.realname,
        phone: values.phone,
        email: values.email,
        ...(country ? { country } : {}),
      },
      {
        onSuccess: (saved) => {
          form.setFieldsValue(valuesOf(saved));
          void message.success(t('profile.saved'));
        },
        onError: (error) => {
          if (isApiError(error) && error.fieldErrors.length > 0) {
            form.setFields(
              error.fieldErrors.map((f) => ({ name: f.field as keyof ProfileValues, errors: [f.message] })),
            );
          }
        },
      },
    );
  };
  const fieldErrorsShown = isApiError(update.error) && update.error.fieldErrors.length > 0;

  return (
    <Row gutter={[24, 24]}>
      <Col xs={24} lg={14}>
        <Card title={t('profile.title')} data-testid="profile-card">
          <Row gutter={[24, 24]}>
            <Col xs={24} md={8}>
              <AvatarCard profile={data} />
            </Col>
            <Col xs={24} md={16}>
              <Form form={form} layout="vertical" onFinish={save} requiredMark="optional">
                {/* Read-only: not an "(optional)" field (marked required only to drop that mark). */}
                <Form.Item label={t('profile.username')} required>
                  <Input value={data.username} disabled data-testid="profile-username" />
                </Form.Item>
                <Form.Item
                  name="realname"
                  label={t('profile.realname')}
                  rules={[{ required: true, whitespace: true, message: t('profile.realnameRequired') }]}
                >
                  <Input maxLength={64} data-testid="profile-realname" />
                </Form.Item>
                <Form.Item name="phone" label={t('profile.phone')}>
                  <PhoneInput
                    country={country}
                    onCountryChange={setCountry}
                    locale={locale}
                    countryLabel={t('profile.country')}
                    countries={countries.data}
                    data-testid="profile-phone"
                  />
                </Form.Item>
                <Form.Item
                  name="email"
                  label={t('profile.email')}
                  rules={[{ type: 'email', message: t('profile.emailInvalid') }]}
                >
                  <Input maxLength={128} autoComplete="email" data-testid="profile-email" />
                </Form.Item>
                {update.isError && !fieldErrorsShown ? (
                  <Alert
                    type="error"
                    showIcon
                    title={update.error.message}
                    role="alert"
                    style={{ marginBottom: 16 }}
                  />
                ) : null}
                <Flex gap={8} wrap>
                  <Button
                    type="primary"
                    htmlType="submit"
                    loading={update.isPending}
                    data-testid="profile-save"
                  >
                    {t('profile.save')}
                  </Button>
                  <Button
                    icon={<KeyOutlined />}
                    onClick={() => setPasswordOpen(true)}
                    data-testid="profile-password"
                  >
                    {t('password.open')}
                  </Button>
                </Flex>
              </Form>
            </Col>
          </Row>
        </Card>
      </Col>
      <Col xs={24} lg={10}>
        <GoogleAuthCard bound={data.googleAuthBound} unbindable />
      </Col>
      <ChangePasswordModal
        open={passwordOpen}
        username={data.username}
        onClose={() => setPasswordOpen(false)}
      />
    </Row>
  );
}
