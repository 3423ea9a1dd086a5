import { DICT_ITEM_SORT_MAX, type DictItemRecord, type DictRecord } from '@switchboard/contracts';
import { useQuery } from '@tanstack/react-query';
import { App, Drawer, Flex, InputNumber, Switch, type TableColumnsType, Tag, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AddButton } from '@/components/AddButton';
import { useCan } from '@/components/Can';
import { DataTable } from '@/components/DataTable';
import { ExportButton } from '@/components/ExportButton';
import { useEntityModal } from '@/components/FormModal';
import { editAction, rowActionsColumn } from '@/components/RowActions';
import { MOBILE_SCREEN, useMediaQuery } from '@/lib/use-media-query';
import { DICT_ITEM_EXPORT_PATH, listDictItemsQuery, useDeleteDictItem, usePatchDictItem } from '../api/dicts';
import { DICT_PERMISSIONS } from '../permissions';
import { DictItemFormModal } from './DictItemFormModal';

/** The most items a dictionary's drawer shows at once (a dictionary is a short list). */
const DRAWER_PAGE = 500;

/** A sort number edited in place: saved when the field is left or Enter is pressed, if it changed. */
function SortCell({ item, disabled }: { item: DictItemRecord; disabled: boolean }) {
  const patch = usePatchDictItem();
  const [value, setValue] = useState<number | null>(item.sortOrder);
  const commit = () => {
    if (value === null || value === item.sortOrder) {
      setValue(item.sortOrder);
      return;
    }
    patch.mutate({ id: item.id, sortOrder: value }, { onError: () => setValue(item.sortOrder) });
  };
  return (
    <InputNumber
      size="small"
      min={0}
      max={DICT_ITEM_SORT_MAX}
      precision={0}
      value={value}
      disabled={disabled || patch.isPending}
      onChange={(v) => setValue(v)}
      onBlur={commit}
      onPressEnter={commit}
      style={{ width: 80 }}
      data-testid={`dict-item-sort-${item.itemValue}`}
    />
  );
}

/** The items of one dictionary: inline enabled switch and sort number, add, edit, delete, export. */
export function DictItemsDrawer({ dict, onClose }: { dict: DictRecord | null; onClose: () => void }) {
  const { t, i18n } = useTranslation('dict');
  const { message } = App.useApp();
  const mobile = useMediaQuery(MOBILE_SCREEN);
  const canEdit = useCan(DICT_PERMISSIONS.edit);
  const patch = usePatchDictItem();
  const remove = useDeleteDictItem();
  const form = useEntityModal<DictItemRecord>();
  const params = { dictId: dict?.id ?? '', pageNo: 1, pageSize: DRAWER_PAGE };
  const items = useQuery({ ...listDictItemsQuery(params), enabled: dict !== null });
  const zh = i18n.language === 'zh-CN';

  const columns: TableColumnsType<DictItemRecord> = [
    {
      title: t('item.fields.itemValue'),
      dataIndex: 'itemValue',
      render: (value: string, item) => (
        <Flex gap={4} wrap>
          <code>{value}</code>
          {item.builtIn ? (
            <Tooltip title={t('item.builtInHint')}>
              <Tag>{t('builtIn')}</Tag>
            </Tooltip>
          ) : null}
        </Flex>
      ),
    },
    { title: t('item.fields.textEn'), dataIndex: 'textEn', responsive: zh ? ['md'] : undefined },
    { title: t('item.fields.textZh'), dataIndex: 'textZh', responsive: zh ? undefined : ['md'] },
    {
      title: t('item.fields.sortOrder'),
      dataIndex: 'sortOrder',
      // A new key after each save: the cell starts again from the stored number.
      render: (_: number, item) => (
        <SortCell
          key={`${item.id}:${item.sortOrder}`}
          item={item}
          disabled={!canEdit.visible || canEdit.disabled}
        />
      ),
    },
    {
      title: t('item.fields.enabled'),
      dataIndex: 'enabled',
      render: (enabled: boolean, item) => (
        <Switch
          size="small"
          checked={enabled}
          checkedChildren={t('item.enabledOn')}
          unCheckedChildren={t('item.enabledOff')}
          disabled={!canEdit.visible || canEdit.disabled}
          loading={patch.isPending && patch.variables?.id === item.id}
          onChange={(checked) => patch.mutate({ id: item.id, enabled: checked })}
          data-testid={`dict-item-enabled-${item.itemValue}`}
        />
      ),
    },
    rowActionsColumn<DictItemRecord>(t('actions'), (item) => [
      editAction(t('edit'), DICT_PERMISSIONS.edit, () => form.edit(item), `dict-item-edit-${item.itemValue}`),
      !item.builtIn && {
        key: 'delete',
        label: t('delete'),
        permission: DICT_PERMISSIONS.delete,
        danger: true,
        confirm: t('item.deleteConfirm', { value: item.itemValue }),
        onClick: () => remove.mutate(item.id, { onSuccess: () => void message.success(t('item.deleted')) }),
      },
    ]),
  ];

  return (
    <Drawer
      open={dict !== null}
      onClose={onClose}
      title={
        dict ? t('item.drawerTitle', { name: zh ? dict.dictNameZh : dict.dictName, code: dict.dictCode }) : ''
      }
      width={mobile ? '100%' : 860}
      destroyOnHidden
      data-testid="dict-items-drawer"
    >
      <Flex gap={8} wrap style={{ marginBottom: 12 }}>
        <AddButton permission={DICT_PERMISSIONS.add} onClick={() => form.add()} testId="dict-item-add">
          {t('item.add')}
        </AddButton>
        {dict ? (
          <ExportButton
            path={DICT_ITEM_EXPORT_PATH}
            params={{ dictId: dict.id }}
            permission={DICT_PERMISSIONS.export}
          />
        ) : null}
      </Flex>
      <DataTable<DictItemRecord>
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={items.data?.records ?? []}
        loading={items.isFetching}
        pagination={false}
        scroll={{ x: 'max-content' }}
        data-testid="dict-items-table"
      />
      {dict ? <DictItemFormModal {...form.modal} dictId={dict.id} /> : null}
    </Drawer>
  );
}
