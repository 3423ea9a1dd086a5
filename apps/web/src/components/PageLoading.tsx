import { Flex, Spin } from 'antd';

export function PageLoading({ tip }: { tip?: string }) {
  return (
    <Flex
      align="center"
      justify="center"
      vertical
      gap={16}
      style={{ minHeight: '60vh' }}
      data-testid="page-loading"
    >
      <Spin size="large" />
      {tip ? <span>{tip}</span> : null}
    </Flex>
  );
}
