import {
  ANNOUNCEMENT_CATEGORIES,
  ANNOUNCEMENT_DICTS,
  ANNOUNCEMENT_TARGETS,
  type AnnouncementAdminItem,
  type AnnouncementInput,
  announcementInputSchema,
  hasPlatformScope,
  PRIORITIES,
  ROLE_CODES,
} from '@switchboard/contracts';
import { Form, Input, Radio, Select, Skeleton } from 'antd';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDict } from '@/components/dict';
import { type EntityModalProps, FormModal } from '@/components/FormModal';
import { useEntityForm } from '@/components/use-entity-form';
import { useSession } from '@/lib/session';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useSaveAnnouncement } from '../api/save-announcement';
import { useRecipientSearch } from '../api/search-recipients';

/**
 * The rich text editor (TipTap and ProseMirror, about 130 kB gzip) arrives when the form first
 * opens, not with the announcement list, and never with the sign-in page.
 */
const RichTextEditor = lazy(() => import('./RichTextEditor').then((m) => ({ default: m.RichTextEditor })));

type Target = (typeof ANNOUNCEMENT_TARGETS)[number];
type FormValues = Pick<
  AnnouncementInput,
  'titile' | 'msgContent' | 'priority' | 'msgCategory' | 'msgType' | 'userIds' | 'roleCodes' | 'openType'
>;

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

/**
 * Whom the caller may address: platform staff anyone; a reseller given the screen only chosen
 * users of its own companies (the server refuses everyone and roles for it).
 */
function useTargets(): readonly Target[] {
  const roles = useSession()?.userInfo.roles ?? [];
  return hasPlatformScope(roles) ? ANNOUNCEMENT_TARGETS : ['USER'];
}

function valuesOf(item: AnnouncementAdminItem | null, targets: readonly Target[]): FormValues {
  if (!item) return { ...EMPTY, msgType: targets[0] ?? 'USER' };
  const pick = <T extends string>(value: string, allowed: readonly T[], fallback: T): T =>
    (allowed as readonly string[]).includes(value) ? (value as T) : fallback;
  return {
    titile: item.titile,
    msgContent: item.msgContent,
    priority: pick(item.priority, PRIORITIES, 'L'),
    msgCategory: pick(item.msgCategory, ANNOUNCEMENT_CATEGORIES, '1'),
    msgType: pick(item.msgType, targets, targets[0] ?? 'USER'),
    // The chosen users that still exist (and the editor may see), as the server named them: an id
    // of a deleted user would show as a bare id and make the save fail.
    userIds: item.recipients.map((user) => user.id),
    roleCodes: item.roleCodes ?? [],
    // '1' and '2' both pop up on arrival (the console has one pop-up): the form offers one choice.
    openType: item.openType === '0' ? '0' : '1',
  };
}

/** How a user shows in the recipients picker. */
function userLabel(user: { username: string; realname: string }): string {
  return user.realname ? `${user.realname} (${user.username})` : user.username;
}

/** Text of some HTML, to tell an empty editor ("<p><br></p>") from real content. */
function hasText(html: string): boolean {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  return (doc.body.textContent ?? '').trim() !== '' || doc.body.querySelector('img') !== null;
}

/** The editor as a form control, with a placeholder of its size while its code loads. */
function LazyEditor({
  label,
  ...control
}: {
  label: string;
  value?: string;
  onChange?: (html: string) => void;
  id?: string;
  'aria-invalid'?: boolean;
}) {
  return (
    <Suspense fallback={<Skeleton active paragraph={{ rows: 6 }} title={false} />}>
      <RichTextEditor {...control} aria-label={label} />
    </Suspense>
  );
}

/** Create or edit (drafts only) an announcement. `editing` null = create. */
export function AnnouncementFormModal({ open, editing, onClose }: EntityModalProps<AnnouncementAdminItem>) {
  const { t } = useTranslation('notices');
  const save = useSaveAnnouncement();
  const targets = useTargets();
  // The options of the coded values: the server's dictionaries, in the current language.
  const priorities = useDict(ANNOUNCEMENT_DICTS.priority);
  const categories = useDict(ANNOUNCEMENT_DICTS.category);
  const openTypes = useDict(ANNOUNCEMENT_DICTS.openType);
  const labels: Record<keyof FormValues, string> = {
    titile: t('admin.fields.titile'),
    msgContent: t('admin.fields.msgContent'),
    priority: t('admin.fields.priority'),
    msgCategory: t('admin.fields.msgCategory'),
    msgType: t('admin.fields.msgType'),
    userIds: t('admin.fields.userIds'),
    roleCodes: t('admin.fields.roleCodes'),
    openType: t('admin.fields.openType'),
  };
  const entity = useEntityForm({
    open,
    editing,
    valuesOf: (item) => valuesOf(item, targets),
    schema: announcementInputSchema,
    labels,
    save: (values) =>
      save.mutateAsync({
        id: editing?.id,
        input: {
          ...values,
          titile: values.titile.trim(),
          userIds: values.msgType === 'USER' ? values.userIds : [],
          roleCodes: values.msgType === 'ROLE' ? values.roleCodes : [],
        },
      }),
    successMessage: editing ? t('admin.saved') : t('admin.created'),
    onClose,
  });
  const { form, rule } = entity;
  const target = Form.useWatch('msgType', form) as Target | undefined;
  const [userSearch, setUserSearch] = useState('');
  const debouncedSearch = useDebouncedValue(userSearch, 300);
  const users = useRecipientSearch(debouncedSearch, open && target === 'USER');

  // Names of the users chosen so far: a draft's recipients (from the server) and every user a
  // search showed. Without them, a chosen user missing from the current search shows as an id.
  const [knownUsers, setKnownUsers] = useState<Record<string, string>>({});
  useEffect(() => {
    if (!open) return;
    setUserSearch('');
    setKnownUsers(Object.fromEntries((editing?.recipients ?? []).map((u) => [u.id, userLabel(u)])));
  }, [open, editing]);
  useEffect(() => {
    const found = users.data;
    if (found)
      setKnownUsers((known) => ({ ...known, ...Object.fromEntries(found.map((u) => [u.id, userLabel(u)])) }));
  }, [users.data]);
  const chosenUsers = (Form.useWatch('userIds', form) as string[] | undefined) ?? [];

  const requiredFor = (field: 'userIds' | 'roleCodes') => ({
    validator: async (_: unknown, value: string[] | undefined) => {
      if (!value || value.length === 0) throw new Error(t('admin.required', { field: labels[field] }));
    },
  });

  const found = users.data ?? [];
  const userOptions = [
    ...found.map((u) => ({ value: u.id, label: userLabel(u) })),
    ...chosenUsers
      .filter((id) => !found.some((u) => u.id === id))
      .map((id) => ({ value: id, label: knownUsers[id] ?? id })),
  ];

  return (
    <FormModal
      entity={entity}
      title={editing ? t('admin.editTitle') : t('admin.createTitle')}
      width="60%"
      testId="announcement-form"
    >
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
        <LazyEditor label={labels.msgContent} />
      </Form.Item>
      <Form.Item name="priority" label={labels.priority}>
        <Select options={priorities.options} loading={priorities.isPending} style={{ maxWidth: 240 }} />
      </Form.Item>
      <Form.Item name="msgCategory" label={labels.msgCategory}>
        <Radio.Group options={categories.options} />
      </Form.Item>
      <Form.Item name="msgType" label={labels.msgType}>
        <Radio.Group options={targets.map((v) => ({ value: v, label: t(`admin.target.${v}`) }))} />
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
        <Radio.Group options={openTypes.options} />
      </Form.Item>
    </FormModal>
  );
}
