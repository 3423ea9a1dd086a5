import { LeftOutlined, RightOutlined, VerticalRightOutlined } from '@ant-design/icons';
import { Button, Flex, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

const PAGE_SIZES = [10, 20, 50, 100];

export interface KeysetPagerProps {
  /** 1 on the newest page. */
  pageNumber: number;
  pageSize: number;
  /** The server named a page after this one. */
  hasNext: boolean;
  /** While the shown rows are those of the page before (loading): no step on from them. */
  disabled?: boolean;
  onNewest: () => void;
  onPrevious: () => void;
  onNext: () => void;
  onPageSize: (pageSize: number) => void;
}

/**
 * Paging of a list paged by key (newest first, no total): back to the newest page, one page
 * newer or older, the page's number, and the page size.
 */
export function KeysetPager({
  pageNumber,
  pageSize,
  hasNext,
  disabled = false,
  onNewest,
  onPrevious,
  onNext,
  onPageSize,
}: KeysetPagerProps) {
  const { t } = useTranslation('common');
  const first = pageNumber <= 1;
  const sizes = PAGE_SIZES.includes(pageSize) ? PAGE_SIZES : [...PAGE_SIZES, pageSize].sort((a, b) => a - b);
  return (
    <Flex
      justify="flex-end"
      align="center"
      gap={8}
      wrap
      style={{ marginTop: 16 }}
      role="navigation"
      aria-label={t('table.paging')}
      data-testid="keyset-pager"
    >
      <Button
        icon={<VerticalRightOutlined />}
        disabled={first || disabled}
        onClick={onNewest}
        data-testid="keyset-newest"
      >
        {t('table.newest')}
      </Button>
      <Button
        icon={<LeftOutlined />}
        disabled={first || disabled}
        onClick={onPrevious}
        data-testid="keyset-previous"
      >
        {t('table.previous')}
      </Button>
      <Typography.Text data-testid="keyset-page" aria-live="polite">
        {t('table.pageNumber', { page: pageNumber })}
      </Typography.Text>
      <Button
        icon={<RightOutlined />}
        iconPlacement="end"
        disabled={!hasNext || disabled}
        onClick={onNext}
        data-testid="keyset-next"
      >
        {t('table.next')}
      </Button>
      <Select
        value={pageSize}
        onChange={onPageSize}
        options={sizes.map((size) => ({ value: size, label: t('table.pageSize', { size }) }))}
        aria-label={t('table.pageSizeLabel')}
        style={{ width: 120 }}
        data-testid="keyset-size"
      />
    </Flex>
  );
}
