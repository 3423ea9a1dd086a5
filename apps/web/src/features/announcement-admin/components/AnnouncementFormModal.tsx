import {
  ANNOUNCEMENT_TARGETS,
  type AnnouncementAdminItem,
  type AnnouncementInput,
  announcementInputSchema,
  PRIORITIES,
  ROLE_CODES,
} from '@switchboard/contracts';
import { App, Form, Input, Modal, Radio, Select } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDict } from '@/components/dict';
import { isApiError } from '@/lib/api-client';
import { currentLocale } from '@/lib/i18n';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useShowError } from '@/lib/use-show-error';
import { schemaRule } from '@/lib/validation';
import { useSaveAnnouncement } from '../api/save-announcement';
import { useUserSearch } from '../api/search-users';
import { RichTextEditor } from './RichTextEditor';

type Target = (typeof ANNOUNCEMENT_TARGETS)[number];
type FormValues = Pick<
  AnnouncementInput,
  'titile' | 'msgContent' | 'priority' | 'msgCategory' | 'msgType' | 'userIds' | 'roleCodes' | 'openType'
>;

const FIELDS = [
  'titile',
  'msgContent',
  'priority',
  'msgCategory',
  'msgType',
  'userIds',
  'roleCodes',
  'openType',
] as const;

const EMPTY: FormValues = {
  titile: '',
  msgContent: '',
  priority: 'L',
  msgCategory: '1',
  msgType: 'ALL',
  userIds: [],
  roleCodes: [],
  openType: '0',
};

function valuesOf(item: AnnouncementAdminItem | null): FormValues {
  if (!item) return EMPTY;
  const pick = <T extends string>(value: string, allowed: readonly T[], fallback: T): T =>
    (allowed as readonly string[]).includes(value) ? (value as T) : fallback;
  return {
    titile: item.titile,
    msgContent: item.msgContent,
    priority: pick(item.priority, PRIORITIES, 'L'),
    msgCategory: pick(item.msgCategory, ['1', '2'] as const, '1'),
    msgType: pick(item.msgType, ANNOUNCEMENT_TARGETS, 'ALL'),
    userIds: item.userIds ?? [],
    roleCodes: item.roleCodes ?? [],
    openType: pick(item.openType, ['0', '1', '2'] as const, '0'),
  };
}

/** Text of some HTML, to tell an empty editor ("<p><br></p>") from real content. */
function hasText(html: string): boolean {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  return (doc.body.textContent ?? '').trim() !== '' || doc.body.querySelector('img') !== null;
}

/** Create or edit (drafts only) an announcement. `editing` null = create. */
export function AnnouncementFormModal({
  open,
  editing,
  onClose,
}: {
  open: boolean;
  editing: AnnouncementAdminItem | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('notices');
  const { message } = App.useApp();
  const showError = useShowError();
  const [form] = Form.useForm<FormValues>();
  const save = useSaveAnnouncement();
  const priorities = useDict('priority');
  const target = Form.useWatch('msgType', form) as Target | undefined;
  const [userSearch, setUserSearch] = useState('');
  const debouncedSearch = useDebouncedValue(userSearch, 300);
  const users = useUserSearch(debouncedSearch, open && target === 'USER');

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(valuesOf(editing));
    setUserSearch('');
  }, [open, editing, form]);

  const labels = useMemo(() => Object.fromEntries(FIELDS.map((f) => [f, t(`admin.fields.${f}`)])), [t]);
  const rule = (field: 'titile' | 'msgContent') =>
    schemaRule({
      schema: announcementInputSchema,
      field,
      values: () => ({ ...EMPTY, ...form.getFieldsValue(true) }),
      labels,
      locale: currentLocale,
    });
  const requiredFor = (field: 'userIds' | 'roleCodes') => ({
    validator: async (_: unknown, value: string[] | undefined) => {
      if (!value || value.length === 0) throw new Error(t('admin.required', { field: labels[field] }));
    },
  });

  const priorityOptions =
    priorities.options.length > 0
      ? priorities.options
      : PRIORITIES.map((p) => ({ value: p, label: t(`priority.${p}`) }));

  const userOptions = (users.data?.records ?? []).map((u) => ({
    value: u.id,
    label: u.realname ? `${u.realname} (${u.username})` : u.username,
  }));

  const submit = async () => {
    const values = await form.validateFields();
    const input: AnnouncementInput = {
      ...values,
      titile: values.titile.trim(),
      userIds: values.msgType === 'USER' ? values.userIds : [],
      roleCodes: values.msgType === 'ROLE' ? values.roleCodes : [],
    };
    try {
      await save.mutateAsync({ id: editing?.id, input });
      void message.success(editing ? t('admin.saved') : t('admin.created'));
      onClose();
    } catch (error) {
      if (isApiError(error) && error.fieldErrors.length > 0) {
        form.setFields(
          error.fieldErrors
            .filter((p) => (FIELDS as readonly string[]).includes(p.field))
            .map((p) => ({ name: p.field as (typeof FIELDS)[number], errors: [p.message] })),
        );
      } else {
        showError(error);
      }
    }
  };

  return (
    <Modal
      open={open}
      title={editing ? t('admin.editTitle') : t('admin.createTitle')}
      width="60%"
      okText={t('admin.save')}
      cancelText={t('actions.cancel')}
      onOk={() => void submit().catch(() => {})}
      confirmLoading={save.isPending}
      onCancel={onClose}
      forceRender
    >
      <Form<FormValues> form={form} layout="vertical" initialValues={EMPTY} data-testid="announcement-form">
        <Form.Item name="titile" label={labels.titile} rules={[rule('titile')]}>
          <Input maxLength={200} />
        </Form.Item>
        <Form.Item
          name="msgContent"
          label={labels.msgContent}
          rules={[
            rule('msgContent'),
            {
              validator: async (_: unknown, value: string | undefined) => {
                if (value && !hasText(value))
                  throw new Error(t('admin.required', { field: labels.msgContent }));
              },
            },
          ]}
        >
          <RichTextEditor />
        </Form.Item>
        <Form.Item name="priority" label={labels.priority}>
          <Select options={priorityOptions} loading={priorities.isPending} style={{ maxWidth: 240 }} />
        </Form.Item>
        <Form.Item name="msgCategory" label={labels.msgCategory}>
          <Radio.Group
            options={[
              { value: '1', label: t('category.1') },
              { value: '2', label: t('category.2') },
            ]}
          />
        </Form.Item>
        <Form.Item name="msgType" label={labels.msgType}>
          <Radio.Group
            options={ANNOUNCEMENT_TARGETS.map((v) => ({ value: v, label: t(`admin.target.${v}`) }))}
          />
        </Form.Item>
        {target === 'USER' ? (
          <Form.Item name="userIds" label={labels.userIds} rules={[requiredFor('userIds')]}>
            <Select
              mode="multiple"
              showSearch={{ filterOption: false, onSearch: setUserSearch }}
              options={userOptions}
              loading={users.isFetching}
              placeholder={t('admin.searchUsers')}
              notFoundContent={users.isFetching ? undefined : t('admin.noUsers')}
            />
          </Form.Item>
        ) : null}
        {target === 'ROLE' ? (
          <Form.Item name="roleCodes" label={labels.roleCodes} rules={[requiredFor('roleCodes')]}>
            <Select
              mode="multiple"
              options={ROLE_CODES.map((code) => ({
                value: code,
                label: t(`roles.${code}`, { ns: 'common' }),
              }))}
            />
          </Form.Item>
        ) : null}
        <Form.Item name="openType" label={labels.openType} extra={t('admin.openTypeHint')}>
          <Radio.Group
            options={(['0', '1', '2'] as const).map((v) => ({ value: v, label: t(`admin.openType.${v}`) }))}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
