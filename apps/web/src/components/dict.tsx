import type { DictItem } from '@switchboard/contracts';
import { useQuery } from '@tanstack/react-query';
import { Tag } from 'antd';
import { apiClient } from '@/lib/api-client';
import { useLocale } from '@/lib/i18n';

/** Dictionary items of a code (texts in the current language); fetched without `_t` (cacheable). */
export function useDict(code: string) {
  // Keyed by language: the server answers in the request's language, and a switch re-renders.
  const locale = useLocale();
  const query = useQuery({
    queryKey: ['dict', code, locale],
    queryFn: ({ signal }) =>
      apiClient.get<DictItem[]>(`/sys/dict/getDictItems/${encodeURIComponent(code)}`, undefined, signal),
    staleTime: 10 * 60_000,
  });
  const items = query.data ?? [];
  return {
    items,
    isPending: query.isPending,
    textOf: (value: string | number | null | undefined) => {
      if (value === null || value === undefined) return '';
      const item = items.find((i) => i.value === String(value));
      return item ? item.text || item.label : String(value);
    },
    options: items.map((i) => ({ value: i.value, label: i.text || i.label })),
  };
}

/** A dictionary value shown as its text in a tag. */
export function DictTag({
  code,
  value,
  colors,
}: {
  code: string;
  value: string | number | null | undefined;
  colors?: Record<string, string>;
}) {
  const dict = useDict(code);
  if (value === null || value === undefined || value === '') return null;
  return <Tag color={colors?.[String(value)]}>{dict.textOf(value)}</Tag>;
}
