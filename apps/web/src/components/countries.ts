import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { useLocale } from '@/lib/i18n';

/** What the country pickers cache: `[...countryOptionsKey, locale]` (invalidate after a change). */
export const countryOptionsKey = ['countryOptions'] as const;

/**
 * The countries a picker offers: the enabled ones of System → Countries, named in the current
 * language (`GET /sys/country/options`, public: the sign-up form has one). Fresh for a minute, so
 * a country disabled elsewhere leaves the pickers of other browsers on their next screen.
 */
export function useCountryOptions() {
  const locale = useLocale();
  return useQuery({
    queryKey: [...countryOptionsKey, locale],
    queryFn: ({ signal }) => api.get('/sys/country/options', undefined, signal),
    staleTime: 60_000,
    // Pickers fall back to every country phones know: no error to show.
    meta: { errorDisplay: 'inline' },
  });
}
