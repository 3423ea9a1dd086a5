import { useQuery } from '@tanstack/react-query';
import { Skeleton, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { api } from '@/lib/api-client';
import { useLocale } from '@/lib/i18n';

/** Dictionary items of a code (texts in the current language); fetched without `_t` (cacheable). */
export function useDict(code: string) {
  // Keyed by language: the server answers in the request's language, and a switch re-renders.
  const locale = useLocale();
  const query = useQuery({
    queryKey: ['dict', code, locale],
    queryFn: ({ signal }) =>
      api.get('/sys/dict/getDictItems/{code}', undefined, signal, { params: { code } }),
    // Another browser's change to a dictionary shows here on the next screen after a minute; this
    // browser's own changes invalidate ['dict'] at once (System → Dictionaries).
    staleTime: 60_000,
  });
  const items = query.data ?? [];
  return {
    items,
    isPending: query.isPending,
    /**
     * The text of a value. While the dictionary is on its way it is '' — a raw code ('approved',
     * 'two-way') must not flash before its label; a value the dictionary does not know (or a
     * dictionary that failed to load) shows as itself.
     */
    textOf: (value: string | number | null | undefined) => {
      if (value === null || value === undefined) return '';
      const item = items.find((i) => i.value === String(value));
      if (item) return item.text || item.label;
      return query.isPending ? '' : String(value);
    },
    options: items.map((i) => ({ value: i.value, label: i.text || i.label })),
  };
}

/** A dictionary value shown as its text in a tag; a placeholder of a tag's size until the text is known. */
export function DictTag({
  code,
  value,
  colors,
}: {
  code: string;
  value: string | number | null | undefined;
  colors?: Record<string, string>;
}) {
  const { t } = useTranslation();
  const dict = useDict(code);
  if (value === null || value === undefined || value === '') return null;
  if (dict.isPending)
    return (
      <span role="status" aria-label={t('loading')} data-testid="dict-pending">
        <Skeleton.Button active size="small" style={{ width: 56, height: 22 }} />
      </span>
    );
  return <Tag color={colors?.[String(value)]}>{dict.textOf(value)}</Tag>;
}
