import {
  CALL_TASK_STATES,
  type CallTask,
  type CallTaskAction,
  callTaskEditable,
  callTaskListQuerySchema,
} from '@switchboard/contracts';
import { App, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AddButton } from '@/components/AddButton';
import { BulkJobFilters, useBulkJobColumns } from '@/components/BulkJob';
import { useEntityModal } from '@/components/FormModal';
import { ResourceTable } from '@/components/ResourceTable';
import { rowActionsColumn } from '@/components/RowActions';
import { formatMoney, formatNumber } from '@/lib/format';
import { useCurrency } from '@/lib/session';
import { listCallTasksQuery, useCallTaskAction, useDeleteCallTask, useTaskProgress } from '../api/call-tasks';
import { TaskDetailsDrawer } from '../components/TaskDetailsDrawer';
import { TaskFormModal } from '../components/TaskFormModal';
import { TaskStateTag } from '../components/TaskStateTag';

export const CALL_TASK_PERMISSIONS = {
  add: 'voice:task:add',
  edit: 'voice:task:edit',
  delete: 'voice:task:delete',
  run: 'voice:task:run',
} as const;

/**
 * callTask/TaskList: group call tasks with their state, progress (live, over the websocket) and
 * the actions their state allows.
 */
export default function TaskListPage() {
  const { t } = useTranslation('callTask');
  const currency = useCurrency();
  const { message } = App.useApp();
  const form = useEntityModal<CallTask>();
  const [viewing, setViewing] = useState<string | null>(null);
  const act = useCallTaskAction();
  const remove = useDeleteCallTask();
  // The rows and the open details follow the tasks' live progress (websocket).
  useTaskProgress();

  const run = (row: CallTask, action: CallTaskAction) =>
    act.mutate({ action, id: row.id }, { onSuccess: () => void message.success(t(`done.${action}`)) });

  const columns: TableColumnsType<CallTask> = [
    ...useBulkJobColumns<CallTask>('callTask', {
      onOpen: (row) => setViewing(row.id),
      state: (row) => <TaskStateTag state={row.state} pauseReason={row.pauseReason} />,
      finished: (row) => row.counts.done,
      testIds: { open: 'call-task-open', progress: 'call-task-row-progress' },
    }),
    {
      title: t('result.answered'),
      dataIndex: ['counts', 'answered'],
      render: (n: number) => formatNumber(n),
      responsive: ['md'],
    },
    { title: t('fields.callRatio'), dataIndex: 'callRatio', responsive: ['lg'] },
    {
      title: t('amount'),
      dataIndex: 'amount',
      render: (v: string) => <span style={{ whiteSpace: 'nowrap' }}>{formatMoney(v, currency)}</span>,
      responsive: ['md'],
    },
    rowActionsColumn<CallTask>(t('actions'), (row) => [
      ...row.actions.map((action) => ({
        key: action,
        label: t(`action.${action}`),
        permission: CALL_TASK_PERMISSIONS.run,
        danger: action === 'stop',
        ...(action === 'stop' ? { confirm: t('stopConfirm', { name: row.name }) } : {}),
        onClick: () => run(row, action),
        testId: `call-task-${action}`,
      })),
      callTaskEditable(row.state) && {
        key: 'edit',
        label: t('edit'),
        permission: CALL_TASK_PERMISSIONS.edit,
        onClick: () => form.edit(row),
        testId: 'call-task-edit',
      },
      callTaskEditable(row.state) && {
        key: 'delete',
        label: t('delete'),
        permission: CALL_TASK_PERMISSIONS.delete,
        danger: true,
        confirm: t('deleteConfirm', { name: row.name }),
        onClick: () => remove.mutate(row.id, { onSuccess: () => void message.success(t('deleted')) }),
        testId: 'call-task-delete',
      },
    ]),
  ];

  return (
    <>
      <ResourceTable
        params={callTaskListQuerySchema}
        query={listCallTasksQuery}
        rowKey="id"
        title={t('title')}
        testId="call-task-table"
        columns={columns}
        filters={
          <BulkJobFilters
            ns="callTask"
            states={CALL_TASK_STATES.map((s) => ({ value: s, label: t(`state.${s}`) }))}
            searchTestId="call-task-search"
          />
        }
        toolbar={() => (
          <AddButton permission={CALL_TASK_PERMISSIONS.add} onClick={() => form.add()} testId="call-task-add">
            {t('add')}
          </AddButton>
        )}
      />
      <TaskFormModal {...form.modal} />
      <TaskDetailsDrawer id={viewing} onClose={() => setViewing(null)} />
    </>
  );
}
