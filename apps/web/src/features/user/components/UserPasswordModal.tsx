import { changePasswordSchema, type UserListItem } from '@switchboard/contracts';
import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormModal } from '@/components/FormModal';
import { NewPasswordItems } from '@/components/form-items';
import { useEntityForm } from '@/components/use-entity-form';
import { useChangeUserPassword } from '../api/users';

interface Values {
  password: string;
  confirmPassword: string;
}
const EMPTY: Values = { password: '', confirmPassword: '' };

/** An administrator sets a user's password (sign-up's rules); the user is signed out everywhere. */
export function UserPasswordModal({ user, onClose }: { user: UserListItem | null; onClose: () => void }) {
  const { t } = useTranslation('system');
  const change = useChangeUserPassword();
  const labels = { password: t('user.newPassword'), confirmPassword: t('user.confirmPassword') };
  const entity = useEntityForm<Values, UserListItem>({
    open: user !== null,
    editing: user,
    valuesOf: () => EMPTY,
    schema: changePasswordSchema,
    labels,
    save: (v) => change.mutateAsync({ userId: user?.id ?? '', ...v }),
    successMessage: t('user.passwordSet'),
    onClose,
  });
  const { rule } = entity;
  return (
    <FormModal
      entity={entity}
      title={t('user.passwordTitle', { username: user?.username ?? '' })}
      testId="user-password-form"
    >
      <Alert type="info" showIcon title={t('user.passwordSignsOut')} style={{ marginBottom: 12 }} />
      <NewPasswordItems
        labels={labels}
        rule={rule}
        hint={t('user.passwordHint')}
        testIds={{ password: 'user-password-new', confirmPassword: 'user-password-confirm' }}
      />
    </FormModal>
  );
}
