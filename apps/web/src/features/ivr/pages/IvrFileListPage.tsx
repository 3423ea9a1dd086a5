import { UploadOutlined } from '@ant-design/icons';
import {
  IVR_FILE_SOURCES,
  IVR_LANGUAGES,
  type IvrFile,
  ivrFileListQuerySchema,
} from '@switchboard/contracts';
import { App, Button, Form, Input, Select, type TableColumnsType, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AddButton } from '@/components/AddButton';
import { BatchDeleteButton } from '@/components/BatchDeleteButton';
import { Can } from '@/components/Can';
import { ResourceTable } from '@/components/ResourceTable';
import { rowActionsColumn } from '@/components/RowActions';
import { formatDateTime, formatDuration } from '@/lib/format';
import { listIvrFilesQuery, useDeleteIvrFile, useDeleteIvrFiles } from '../api/files';
import { AudioPlayer, PlayButton, usePlaying } from '../components/AudioPlayer';
import { TtsFormModal } from '../components/TtsFormModal';
import { UploadModal } from '../components/UploadModal';

export const IVR_FILE_PERMISSIONS = { add: 'voip:ivrFile:add', delete: 'voip:ivrFile:delete' } as const;

/** voip/IvrFileList: a company's prompts (wav uploads and text-to-speech), played in the browser. */
export default function IvrFileListPage() {
  const { t } = useTranslation('ivr');
  const { message } = App.useApp();
  const [dialog, setDialog] = useState<'tts' | 'upload' | null>(null);
  const remove = useDeleteIvrFile();
  const removeMany = useDeleteIvrFiles();
  const [playing, setPlaying] = usePlaying();

  const columns: TableColumnsType<IvrFile> = [
    {
      title: t('files.fields.name'),
      dataIndex: 'name',
      sorter: true,
      render: (v: string, row) => (
        <>
          <span data-testid="ivr-file-name">{v}</span>
          {playing?.id === String(row.id) ? <AudioPlayer playing={playing} name={row.name} /> : null}
          {row.text ? (
            <Typography.Paragraph
              type="secondary"
              ellipsis={{ rows: 2, tooltip: row.text }}
              style={{ margin: 0, maxWidth: 320 }}
            >
              {row.text}
            </Typography.Paragraph>
          ) : null}
        </>
      ),
    },
    {
      title: t('files.fields.source'),
      dataIndex: 'source',
      responsive: ['md'],
      render: (v: IvrFile['source'], row) => (
        <>
          <Tag>{t(`source.${v}`)}</Tag>
          <Tag>{t(`language.${row.language}`)}</Tag>
        </>
      ),
    },
    {
      title: t('files.fields.duration'),
      dataIndex: 'durationMs',
      sorter: true,
      render: (v: number) => (
        <span data-testid="ivr-file-duration" style={{ whiteSpace: 'nowrap' }}>
          {formatDuration(v)}
        </span>
      ),
    },
    { title: t('files.fields.company'), dataIndex: 'companyName', responsive: ['lg'] },
    {
      title: t('files.fields.createdAt'),
      dataIndex: 'createdAt',
      sorter: true,
      responsive: ['lg'],
      render: (v: string) => formatDateTime(v),
    },
    {
      title: t('files.listen'),
      key: 'play',
      width: 64,
      render: (_: unknown, row) => <PlayButton fileId={String(row.id)} onLoaded={setPlaying} />,
    },
    rowActionsColumn<IvrFile>(t('common.actions'), (row) => [
      {
        key: 'delete',
        label: t('common.delete'),
        permission: IVR_FILE_PERMISSIONS.delete,
        danger: true,
        confirm: t('common.deleteConfirm', { name: row.name }),
        onClick: () =>
          remove.mutate(String(row.id), { onSuccess: () => void message.success(t('common.deleted')) }),
        testId: 'ivr-file-delete',
      },
    ]),
  ];

  return (
    <>
      <ResourceTable
        params={ivrFileListQuerySchema}
        query={listIvrFilesQuery}
        rowKey="id"
        title={t('files.title')}
        testId="ivr-file-table"
        columns={columns}
        selectable
        filters={
          <>
            <Form.Item name="name" label={t('files.fields.name')}>
              <Input allowClear data-testid="ivr-file-search" />
            </Form.Item>
            <Form.Item name="source" label={t('files.fields.source')}>
              <Select
                allowClear
                style={{ minWidth: 120 }}
                options={IVR_FILE_SOURCES.map((s) => ({ value: s, label: t(`source.${s}`) }))}
              />
            </Form.Item>
            <Form.Item name="language" label={t('files.fields.language')}>
              <Select
                allowClear
                style={{ minWidth: 120 }}
                options={IVR_LANGUAGES.map((l) => ({ value: l, label: t(`language.${l}`) }))}
              />
            </Form.Item>
          </>
        }
        toolbar={({ selectedKeys, clearSelection }) => (
          <>
            <AddButton
              permission={IVR_FILE_PERMISSIONS.add}
              onClick={() => setDialog('tts')}
              testId="ivr-tts-add"
            >
              {t('files.tts')}
            </AddButton>
            <Can action={IVR_FILE_PERMISSIONS.add}>
              <Button
                icon={<UploadOutlined />}
                onClick={() => setDialog('upload')}
                data-testid="ivr-upload-add"
              >
                {t('files.upload')}
              </Button>
            </Can>
            <BatchDeleteButton
              selectedKeys={selectedKeys}
              permission={IVR_FILE_PERMISSIONS.delete}
              onDelete={(ids) => removeMany.mutateAsync(ids.map(String))}
              onDone={clearSelection}
            />
          </>
        )}
      />
      <TtsFormModal open={dialog === 'tts'} onClose={() => setDialog(null)} />
      <UploadModal open={dialog === 'upload'} onClose={() => setDialog(null)} />
    </>
  );
}
