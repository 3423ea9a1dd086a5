import { useEffect } from 'react';
import { useBrand } from './api/get-customer-brand';

/**
 * The browser tab shows the visiting domain's brand name (index.html's default until the brand is
 * known). Used by the sign-in and console layouts.
 */
export function useBrandTitle(): void {
  const name = useBrand()?.brandName;
  useEffect(() => {
    if (name) document.title = name;
  }, [name]);
}
