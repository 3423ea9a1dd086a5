import { type CountryRecord, countryListQuerySchema } from '@switchboard/contracts';
import { App, Form, Input, Switch, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { AddButton } from '@/components/AddButton';
import { useCan } from '@/components/Can';
import { bilingualNameColumns } from '@/components/columns';
import { EnabledFilter } from '@/components/EnabledFilter';
import { ExportButton } from '@/components/ExportButton';
import { useEntityModal } from '@/components/FormModal';
import { ImportButton } from '@/components/ImportButton';
import { ResourceTable } from '@/components/ResourceTable';
import { editAction, rowActionsColumn } from '@/components/RowActions';
import {
  COUNTRY_EXPORT_PATH,
  COUNTRY_IMPORT_PATH,
  listCountriesQuery,
  useDeleteCountry,
  useReloadCountries,
  useSetCountryEnabled,
} from '../api/countries';
import { CountryFormModal } from '../components/CountryFormModal';

export const COUNTRY_PERMISSIONS = {
  add: 'system:country:add',
  edit: 'system:country:edit',
  delete: 'system:country:delete',
  export: 'system:country:export',
  import: 'system:country:import',
} as const;

/** system/CountryList: the ISO countries every picker offers (search, enabled switch, edit). */
export default function CountryListPage() {
  const { t, i18n } = useTranslation('country');
  const { message } = App.useApp();
  const form = useEntityModal<CountryRecord>();
  const setEnabled = useSetCountryEnabled();
  const remove = useDeleteCountry();
  const reload = useReloadCountries();
  const canEdit = useCan(COUNTRY_PERMISSIONS.edit);
  const zh = i18n.language === 'zh-CN';
  const nameOf = (c: CountryRecord) => (zh ? c.nameZh : c.nameEn);

  const columns: TableColumnsType<CountryRecord> = [
    { title: t('fields.code'), dataIndex: 'code', sorter: true, width: 90 },
    {
      title: t('fields.dialCode'),
      dataIndex: 'dialCode',
      sorter: true,
      width: 110,
      render: (dial: string) => `+${dial}`,
    },
    ...bilingualNameColumns<CountryRecord>(
      zh,
      {
        en: { dataIndex: 'nameEn', title: t('fields.nameEn') },
        zh: { dataIndex: 'nameZh', title: t('fields.nameZh') },
      },
      { sortBoth: true, secondFrom: 'md' },
    ),
    {
      title: t('fields.enabled'),
      dataIndex: 'enabled',
      sorter: true,
      render: (enabled: boolean, country) => (
        <Switch
          size="small"
          checked={enabled}
          checkedChildren={t('enabled')}
          unCheckedChildren={t('disabled')}
          disabled={!canEdit.visible || canEdit.disabled}
          loading={setEnabled.isPending && setEnabled.variables?.code === country.code}
          onChange={(checked) =>
            setEnabled.mutate(
              { code: country.code, enabled: checked },
              {
                onSuccess: () =>
                  void message.success(t(checked ? 'enabledNow' : 'disabledNow', { name: nameOf(country) })),
              },
            )
          }
          data-testid={`country-enabled-${country.code}`}
        />
      ),
    },
    rowActionsColumn<CountryRecord>(t('actions'), (country) => [
      editAction(
        t('edit'),
        COUNTRY_PERMISSIONS.edit,
        () => form.edit(country),
        `country-edit-${country.code}`,
      ),
      {
        key: 'delete',
        label: t('delete'),
        permission: COUNTRY_PERMISSIONS.delete,
        danger: true,
        confirm: t('deleteConfirm', { name: nameOf(country), code: country.code }),
        onClick: () => remove.mutate(country.code, { onSuccess: () => void message.success(t('deleted')) }),
        testId: `country-delete-${country.code}`,
      },
    ]),
  ];

  return (
    <>
      <ResourceTable
        params={countryListQuerySchema}
        query={listCountriesQuery}
        rowKey="code"
        title={t('title')}
        testId="country-table"
        columns={columns}
        filters={
          <>
            <Form.Item name="keyword" label={t('search')}>
              <Input allowClear placeholder={t('searchPlaceholder')} data-testid="country-search" />
            </Form.Item>
            <EnabledFilter label={t('status')} />
          </>
        }
        toolbar={({ params }) => (
          <>
            <AddButton permission={COUNTRY_PERMISSIONS.add} onClick={() => form.add()} testId="country-add">
              {t('add')}
            </AddButton>
            <ExportButton
              path={COUNTRY_EXPORT_PATH}
              params={params}
              permission={COUNTRY_PERMISSIONS.export}
            />
            <ImportButton
              permission={COUNTRY_PERMISSIONS.import}
              title={t('importTitle')}
              path={COUNTRY_IMPORT_PATH}
              onImported={(count) => {
                void reload();
                void message.success(t('imported', { count }));
              }}
            />
          </>
        )}
      />
      <CountryFormModal {...form.modal} />
    </>
  );
}
