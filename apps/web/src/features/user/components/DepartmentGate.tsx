import { type CurrentUserDeparts, type Department, departmentName } from '@switchboard/contracts';
import { Alert, App, Button, Modal, Radio, Spin, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocale } from '@/lib/i18n';
import type { Session } from '@/lib/session';
import { useCurrentUserDeparts } from '../api/get-current-user-departs';
import { useSelectDepart } from '../api/select-depart';

/** Whether the user must pick a current department before working (spec section 2, department dialog). */
export function mustChooseDepartment(session: Session, departs: CurrentUserDeparts | undefined): boolean {
  if (departs) return departs.orgCode === null && (departs.list.length > 1 || session.needsDepartment);
  return session.needsDepartment;
}

/** The department of `departs` that is current, if any. */
export function currentDepartment(departs: CurrentUserDeparts | undefined, fallbackOrgCode: string | null) {
  const orgCode = departs?.orgCode ?? fallbackOrgCode;
  if (!orgCode || !departs) return null;
  return departs.list.find((department: Department) => department.orgCode === orgCode) ?? null;
}

/**
 * A dialog that cannot be dismissed until a current department is chosen. `reopened` shows it
 * again on request ("switch department"); then it can be dismissed.
 */
export function DepartmentGate({
  session,
  reopened = false,
  onClose,
}: {
  session: Session;
  reopened?: boolean;
  onClose?: () => void;
}) {
  const { t } = useTranslation(['account', 'common']);
  const locale = useLocale();
  const { message } = App.useApp();
  const departs = useCurrentUserDeparts(session.username);
  const select = useSelectDepart();
  const [chosen, setChosen] = useState<string | null>(null);
  const required = mustChooseDepartment(session, departs.data);
  const open = required || reopened;

  // Reopened to switch: the current department is preselected.
  const value = chosen ?? (required ? null : (departs.data?.orgCode ?? session.userInfo.orgCode));

  const confirm = () => {
    if (!value) return;
    select.mutate(
      { orgCode: value, username: session.username },
      {
        onSuccess: () => {
          void message.success(t('department.selected'));
          onClose?.();
        },
      },
    );
  };

  let body: React.ReactNode;
  if (departs.isPending) body = <Spin />;
  else if (departs.isError)
    body = (
      <Alert
        type="error"
        showIcon
        title={departs.error.message}
        action={
          <Button size="small" onClick={() => void departs.refetch()}>
            {t('common:actions.retry')}
          </Button>
        }
      />
    );
  else if (departs.data.list.length === 0)
    body = <Alert type="warning" showIcon title={t('department.none')} />;
  else
    body = (
      <Radio.Group
        orientation="vertical"
        value={value}
        onChange={(event) => setChosen(String(event.target.value))}
        options={departs.data.list.map((department) => ({
          value: department.orgCode,
          label: departmentName(department, locale),
        }))}
        data-testid="department-options"
      />
    );

  return (
    <Modal
      open={open}
      title={t('department.title')}
      closable={!required}
      onCancel={() => onClose?.()}
      mask={{ closable: !required }}
      keyboard={!required}
      data-testid="department-dialog"
      footer={
        <Button
          type="primary"
          disabled={!value}
          data-testid="department-confirm"
          loading={select.isPending}
          onClick={confirm}
        >
          {t('department.confirm')}
        </Button>
      }
    >
      <Typography.Paragraph type="secondary">{t('department.description')}</Typography.Paragraph>
      {body}
      {select.isError ? (
        <Alert type="error" showIcon title={select.error.message} role="alert" style={{ marginTop: 16 }} />
      ) : null}
    </Modal>
  );
}
