import {
  type CheckOnlyUserQuery,
  translateError,
  type UserListItem,
  userAddSchema,
  userEditSchema,
} from '@switchboard/contracts';
import { useQuery } from '@tanstack/react-query';
import { Form, Input, Select, Switch, TreeSelect } from 'antd';
import type { CountryCode } from 'libphonenumber-js';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCountryOptions } from '@/components/countries';
import { type EntityModalProps, FormModal } from '@/components/FormModal';
import { NewPasswordItems } from '@/components/form-items';
import { PhoneInput, toE164 } from '@/components/PhoneInput';
import { useEntityForm } from '@/components/use-entity-form';
import { companyPickQuery } from '@/features/depart';
import { currentLocale, useLocale } from '@/lib/i18n';
import { checkOnlyUser, departIdTreeQuery, roleOptionsQuery, useSaveUser } from '../api/users';

export interface UserFormValues {
  username: string;
  realname: string;
  password: string;
  confirmPassword: string;
  phone: string;
  countryCode: CountryCode | undefined;
  email: string;
  companyId: string | undefined;
  roleIds: string[];
  departIds: string[];
  hideHeaderItems: boolean;
}

const EMPTY: UserFormValues = {
  username: '',
  realname: '',
  password: '',
  confirmPassword: '',
  phone: '',
  countryCode: undefined,
  email: '',
  companyId: undefined,
  roleIds: [],
  departIds: [],
  hideHeaderItems: false,
};

const valuesOf = (user: UserListItem | null): UserFormValues =>
  user
    ? {
        ...EMPTY,
        username: user.username,
        realname: user.realname,
        phone: user.phone ?? '',
        countryCode: (user.countryCode as CountryCode | null) ?? undefined,
        email: user.email ?? '',
        companyId: user.companyId ?? undefined,
        roleIds: user.roleIds,
        departIds: user.departIds,
        hideHeaderItems: user.hideHeaderItems,
      }
    : EMPTY;

/**
 * Adding a user (username and password set here) or editing one: name, phone with its country,
 * e-mail, company, roles and departments; username, phone and e-mail are checked for duplicates
 * while typed. Editing also holds the header-items flag. Test ids `user-form-<field>`.
 */
export function UserFormModal({ open, editing, onClose }: EntityModalProps<UserListItem>) {
  const { t } = useTranslation('system');
  const locale = useLocale();
  const save = useSaveUser();
  const countries = useCountryOptions();
  const roles = useQuery({ ...roleOptionsQuery, enabled: open });
  const departs = useQuery({ ...departIdTreeQuery(locale), enabled: open });
  const [companySearch, setCompanySearch] = useState('');
  const companies = useQuery({ ...companyPickQuery(companySearch), enabled: open });
  const labels = {
    username: t('user.username'),
    realname: t('user.realname'),
    password: t('user.password'),
    confirmPassword: t('user.confirmPassword'),
    phone: t('user.phone'),
    countryCode: t('user.country'),
    email: t('user.email'),
    companyId: t('user.company'),
    roleIds: t('user.roles'),
    departIds: t('user.departs'),
    hideHeaderItems: t('user.hideHeaderItems'),
  };
  const creating = editing === null;
  const entity = useEntityForm<UserFormValues, UserListItem>({
    open,
    editing,
    valuesOf,
    schema: creating ? userAddSchema : userEditSchema,
    labels,
    save: (v) => {
      const fields = {
        realname: v.realname,
        phone: v.phone,
        email: v.email,
        countryCode: v.countryCode,
        companyId: v.companyId ?? null,
        roleIds: v.roleIds ?? [],
        departIds: v.departIds ?? [],
      };
      return editing
        ? save.mutateAsync({
            kind: 'edit',
            input: { id: editing.id, ...fields },
            hideHeaderItems: v.hideHeaderItems,
          })
        : save.mutateAsync({
            kind: 'add',
            input: {
              ...fields,
              username: v.username,
              password: v.password,
              confirmPassword: v.confirmPassword,
            },
          });
    },
    successMessage: t('table.saved'),
    onClose,
  });
  const { form, rule } = entity;
  const country = Form.useWatch('countryCode', form);

  /** The server's duplicate check while typing: a taken or malformed value is said at once. */
  const uniqueRule = (field: 'username' | 'phone' | 'email') => ({
    validator: async (_: unknown, value: unknown) => {
      const text = typeof value === 'string' ? value.trim() : '';
      if (!text) return;
      const query: CheckOnlyUserQuery = { [field]: text, ...(editing ? { id: editing.id } : {}) };
      if (field === 'phone') query.countryCode = form.getFieldValue('countryCode');
      const answer = await checkOnlyUser(query).catch(() => null);
      if (answer && !answer.available) throw new Error(answer.message ?? '');
    },
  });
  const phoneRule = {
    validator: async (_: unknown, value: unknown) => {
      const text = typeof value === 'string' ? value.trim() : '';
      if (text && !toE164({ phone: text, country: form.getFieldValue('countryCode') }))
        throw new Error(translateError('PHONE_INVALID', currentLocale()));
    },
  };
  const roleName = (r: { roleName: string; roleNameZh: string }) =>
    locale === 'zh-CN' ? r.roleNameZh : r.roleName;

  return (
    <FormModal
      entity={entity}
      title={editing ? t('user.editTitle', { username: editing.username }) : t('user.addTitle')}
      width={640}
      testId={editing ? 'user-edit-form' : 'user-add-form'}
    >
      {creating ? (
        <Form.Item
          name="username"
          label={labels.username}
          rules={[rule('username'), uniqueRule('username')]}
          validateFirst
          validateDebounce={300}
        >
          <Input maxLength={32} autoComplete="off" data-testid="user-form-username" />
        </Form.Item>
      ) : null}
      <Form.Item name="realname" label={labels.realname} rules={[rule('realname')]}>
        <Input maxLength={64} data-testid="user-form-realname" />
      </Form.Item>
      {creating ? (
        <NewPasswordItems
          labels={labels}
          rule={rule}
          hint={t('user.passwordHint')}
          testIds={{ password: 'user-form-password', confirmPassword: 'user-form-confirm-password' }}
        />
      ) : null}
      {/* The user's country: the list beside the number, also the phone's country. */}
      <Form.Item name="countryCode" noStyle />
      <Form.Item
        name="phone"
        label={labels.phone}
        rules={[rule('phone'), phoneRule, uniqueRule('phone')]}
        validateFirst
        validateDebounce={300}
        extra={t('user.phoneHint')}
      >
        <PhoneInput
          countries={countries.data}
          country={country}
          onCountryChange={(code) => {
            form.setFieldValue('countryCode', code);
            if (form.getFieldValue('phone')) void form.validateFields(['phone']).catch(() => {});
          }}
          locale={locale}
          countryLabel={labels.countryCode}
          data-testid="user-form-phone"
          countryTestId="user-form-country"
        />
      </Form.Item>
      <Form.Item
        name="email"
        label={labels.email}
        rules={[rule('email'), uniqueRule('email')]}
        validateFirst
        validateDebounce={300}
      >
        <Input maxLength={128} data-testid="user-form-email" />
      </Form.Item>
      <Form.Item name="companyId" label={labels.companyId} extra={t('user.companyHint')}>
        <Select
          allowClear
          showSearch={{ filterOption: false, onSearch: setCompanySearch }}
          options={(companies.data?.records ?? []).map((c) => ({ value: c.id, label: c.name }))}
          labelRender={(option) =>
            option.label ?? (editing?.companyId === option.value ? editing.companyName : option.value)
          }
          data-testid="user-form-company"
        />
      </Form.Item>
      <Form.Item name="roleIds" label={labels.roleIds} rules={[rule('roleIds')]}>
        <Select
          mode="multiple"
          loading={roles.isLoading}
          optionFilterProp="label"
          options={(roles.data ?? []).map((r) => ({ value: r.id, label: `${roleName(r)} (${r.roleCode})` }))}
          data-testid="user-form-roles"
        />
      </Form.Item>
      <Form.Item name="departIds" label={labels.departIds} rules={[rule('departIds')]}>
        <TreeSelect
          multiple
          treeDefaultExpandAll
          showSearch
          treeNodeFilterProp="title"
          loading={departs.isLoading}
          treeData={departs.data ?? []}
          data-testid="user-form-departs"
        />
      </Form.Item>
      {editing ? (
        <Form.Item
          name="hideHeaderItems"
          label={labels.hideHeaderItems}
          valuePropName="checked"
          extra={t('user.hideHeaderItemsHint')}
        >
          <Switch data-testid="user-hide-header-items" />
        </Form.Item>
      ) : null}
    </FormModal>
  );
}
