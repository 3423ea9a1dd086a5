import { Card, Col, type ColProps, Row, Statistic, Typography } from 'antd';

/** One figure: its title, its value as shown and what it is counted in (a currency). */
export interface Figure {
  key: string;
  title: string;
  value: string;
  suffix?: string | undefined;
}

/** Figures side by side, each `<testId>-<key>` (the statistics pages' totals, the home dashboards' periods). */
export function Figures({
  figures,
  testId,
  col = { xs: 12, sm: 8, lg: 4 },
  gutter = 16,
}: {
  figures: Figure[];
  testId: string;
  col?: Pick<ColProps, 'xs' | 'sm' | 'lg'>;
  gutter?: number;
}) {
  return (
    <Row gutter={[gutter, 12]}>
      {figures.map((f) => (
        <Col {...col} key={f.key}>
          <Statistic
            title={f.title}
            value={f.value}
            suffix={f.suffix ? <Typography.Text type="secondary">{f.suffix}</Typography.Text> : undefined}
            data-testid={`${testId}-${f.key}`}
          />
        </Col>
      ))}
    </Row>
  );
}

/** A home dashboard's card of one period's figures (today, this month). */
export function PeriodFigures({
  title,
  figures,
  testId,
}: {
  title: string;
  figures: Figure[];
  testId: string;
}) {
  return (
    <Card size="small" title={title} data-testid={testId}>
      <Figures figures={figures} testId={testId} col={{ xs: 12, sm: 6 }} gutter={12} />
    </Card>
  );
}
