import type { CountryInput } from '@switchboard/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { countryOptionsKey } from '@/components/countries';
import { api } from '@/lib/api-client';
import { listQuery } from '@/lib/list-query';

export const COUNTRY_EXPORT_PATH = '/sys/country/exportXls';
export const COUNTRY_IMPORT_PATH = '/sys/country/importExcel';

/** Every page of the country list. */
export const countryListKey = ['countryAdmin', 'list'] as const;

export const listCountriesQuery = listQuery('/sys/country/list', countryListKey);

/** After a change: the list, and the pickers' countries in this browser. */
function useInvalidate() {
  const queryClient = useQueryClient();
  return async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: countryListKey }),
      queryClient.invalidateQueries({ queryKey: countryOptionsKey }),
    ]);
  };
}

export function useSaveCountry() {
  const onSuccess = useInvalidate();
  return useMutation({
    mutationFn: ({ isNew, input }: { isNew: boolean; input: CountryInput }) =>
      isNew ? api.post('/sys/country/add', input) : api.put('/sys/country/edit', input),
    meta: { errorDisplay: 'inline' },
    onSuccess,
  });
}

export function useSetCountryEnabled() {
  const onSuccess = useInvalidate();
  return useMutation({
    mutationFn: (input: { code: string; enabled: boolean }) => api.put('/sys/country/setEnabled', input),
    onSuccess,
  });
}

export function useDeleteCountry() {
  const onSuccess = useInvalidate();
  return useMutation({
    mutationFn: (code: string) => api.delete('/sys/country/delete', { code }),
    onSuccess,
  });
}

/** After an import. */
export function useReloadCountries() {
  return useInvalidate();
}
