import { JOB_SCHEDULE_MAX, type JobRecord, jobEditSchema } from '@switchboard/contracts';
import { Button, Form, Input, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormModal } from '@/components/FormModal';
import { useEntityForm } from '@/components/use-entity-form';
import { useEditSchedule } from '../api/jobs';

interface Values {
  name: string;
  schedule: string;
}

const valuesOf = (job: JobRecord | null): Values => ({
  name: job?.name ?? '',
  schedule: job?.schedule ?? '',
});

/** A job's cron schedule: checked by the server (its message lands on the field), default at hand. */
export function ScheduleModal({ job, onClose }: { job: JobRecord | null; onClose: () => void }) {
  const { t } = useTranslation('jobs');
  const save = useEditSchedule();
  const labels: Record<keyof Values, string> = { name: t('fields.name'), schedule: t('fields.schedule') };
  const entity = useEntityForm<Values, JobRecord>({
    open: job !== null,
    editing: job,
    valuesOf,
    schema: jobEditSchema,
    labels,
    errorCodeFields: {
      JOB_SCHEDULE_INVALID: 'schedule',
      JOB_SCHEDULE_TOO_OFTEN: 'schedule',
      JOB_SCHEDULE_NEVER_RUNS: 'schedule',
    },
    save: (values) => save.mutateAsync({ name: values.name, schedule: values.schedule.trim() }),
    successMessage: t('saved'),
    onClose,
  });
  const { form, rule } = entity;

  return (
    <FormModal entity={entity} title={t('editTitle', { name: job?.name ?? '' })} testId="job-schedule-form">
      <Form.Item name="name" hidden>
        <Input />
      </Form.Item>
      <Form.Item
        name="schedule"
        label={labels.schedule}
        rules={[rule('schedule')]}
        extra={t('scheduleHint', { timeZone: job?.timeZone ?? '' })}
      >
        <Input
          maxLength={JOB_SCHEDULE_MAX}
          autoComplete="off"
          spellCheck={false}
          style={{ fontFamily: 'monospace' }}
          data-testid="job-schedule-input"
        />
      </Form.Item>
      {job && (
        <Typography.Text type="secondary">
          {t('defaultSchedule', { schedule: job.defaultSchedule })}{' '}
          <Button
            type="link"
            size="small"
            onClick={() => form.setFieldsValue({ schedule: job.defaultSchedule })}
            data-testid="job-schedule-default"
          >
            {t('useDefault')}
          </Button>
        </Typography.Text>
      )}
    </FormModal>
  );
}
